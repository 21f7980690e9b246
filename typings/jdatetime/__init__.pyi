# The part of jdatetime the app uses (the package ships no type information).
import datetime

class date:
    @staticmethod
    def fromgregorian(*, date: datetime.date) -> date: ...
    def strftime(self, format: str) -> str: ...
