"""Persian translations of the interface, keyed by the English source text.

build.py puts them into safir_fa.ts (made by pyside6-lupdate from app/ui) and compiles
safir_fa.qm with pyside6-lrelease.
"""

FA = {
    # The SMS fallback (docs/sms.md).
    "Give the SMS gateway's sender line too.": "خط فرستندهٔ درگاه پیامک را هم وارد کنید.",
    "{0} of them by SMS": "{0} نفرشان با پیامک",
    "SMS replies": "پاسخ‌های پیامکی",
    "Read new replies": "خواندن پاسخ‌های تازه",
    "Replies to the SMS line": "پاسخ‌ها به خط پیامک",
    "Replies to the SMS line of this profile's gateway. A reply that starts with «لغو», «۱۱», 11 or stop puts its "
    "number on the suppression list.":
        "پاسخ‌هایی که به خط پیامک درگاه این نمایه رسیده است. پاسخی که با «لغو» یا «۱۱» شروع شود، شماره‌اش را "
        "به فهرست ممنوع می‌برد.",
    "{0} new replies; {1} opted out and are on the suppression list.":
        "{0} پاسخ تازه؛ {1} نفر لغو کردند و در فهرست ممنوع‌اند.",
    "No new replies.": "پاسخ تازه‌ای نیست.",
    "opted out: on the suppression list": "لغو کرد: در فهرست ممنوع",
    "asks to opt out, but it is no Iranian mobile number": "می‌خواهد لغو کند، اما شمارهٔ همراه ایرانی نیست",
    "no SMS gateway is set up: add its key and sender line in Profiles":
        "درگاه پیامکی تنظیم نشده است: کلید و خط فرستنده‌اش را در «نمایه‌ها» وارد کنید",
    "{count} recipients have no Bale account and wait for their SMS: resume the campaign to send them":
        "{count} گیرنده حساب بله ندارند و در انتظار پیامک‌اند: برای فرستادنشان کارزار را ادامه دهید",
    "SMS gateway key": "کلید درگاه پیامک",
    "SMS sender line": "خط فرستندهٔ پیامک",
    "SMS gateway key (Kavenegar):": "کلید درگاه پیامک (کاوه‌نگار):",
    "line:": "خط:",
    "Parts of each SMS: {0} (70 Persian or 160 Latin characters a part).":
        "بخش‌های هر پیامک: {0} (هر بخش ۷۰ نویسهٔ فارسی یا ۱۶۰ نویسهٔ لاتین).",
    "At {0} a part (Templates): about {1} for each SMS.": "به بهای {0} برای هر بخش («قالب‌ها»): حدود {1} برای هر پیامک.",
    "SMS part (fallback)": "بخش پیامک (جایگزین)",
    "By SMS: <b>{0}</b> known to have no Bale account (found in the last {1} days) at once, and any other the "
    "service says has none. ":
        "با پیامک: <b>{0}</b> گیرنده که می‌دانیم حساب بله ندارند (در {1} روز گذشته معلوم شده) بی‌درنگ، و هر گیرندهٔ "
        "دیگری که سرویس بگوید حساب ندارد. ",
    "By channel": "به تفکیک مسیر",
    "Sent by Bale": "ارسال‌شده با بله",
    "Failed by Bale": "ناموفق با بله",
    "Sent by SMS": "ارسال‌شده با پیامک",
    "SMS delivered": "پیامک تحویل‌شده",
    "SMS not delivered": "پیامک تحویل‌نشده",
    "SMS delivery not known yet": "تحویل پیامک هنوز نامعلوم",
    "Failed by SMS": "ناموفق با پیامک",
    "SMS cost (rials)": "هزینهٔ پیامک (ریال)",
    "Send an SMS to the numbers that have no Bale account": "ارسال پیامک به شماره‌هایی که حساب بله ندارند",
    "SMS to numbers without Bale": "پیامک به شماره‌های بدون بله",
    "SMS:": "پیامک:",
    "Each number the service says has no Bale account gets the message by SMS, through the SMS gateway of this "
    "desktop (the sandbox's own in the demo), ending with the opt-out line «لغو ۱۱».":
        "هر شماره‌ای که سرویس بگوید حساب بله ندارد، پیام را با پیامک از درگاه پیامک این رایانه (در نسخهٔ آزمایشی، "
        "درگاه خود محیط آزمایشی) می‌گیرد، با سطر لغو «لغو ۱۱» در پایان.",
    "Channel": "مسیر ارسال",
    "SMS delivery": "تحویل پیامک",
    "By Bale: {0} sent, {1} failed. By SMS: {2} sent ({3} delivered, {4} not delivered, {5} not known yet), {6} "
    "failed, {7} to send; SMS cost {8} rials.":
        "با بله: {0} ارسال‌شده، {1} ناموفق. با پیامک: {2} ارسال‌شده ({3} تحویل‌شده، {4} تحویل‌نشده، {5} هنوز "
        "نامعلوم)، {6} ناموفق، {7} در انتظار ارسال؛ هزینهٔ پیامک {8} ریال.",
    "the SMS gateway refused the campaign's messages: {detail}; the numbers without a Bale account wait to be sent "
    "by SMS when it is resumed":
        "درگاه پیامک پیام‌های کارزار را نپذیرفت: {detail}؛ شماره‌های بدون حساب بله پس از ادامهٔ کارزار با پیامک "
        "فرستاده می‌شوند",
    "{count} recipients have no Bale account and this campaign sends them by SMS, but no SMS gateway is set up "
    "(SAFIR_SMS_API_KEY and SAFIR_SMS_SENDER): set it and resume":
        "{count} گیرنده حساب بله ندارند و این کارزار برایشان پیامک می‌فرستد، اما درگاه پیامکی تنظیم نشده است "
        "(SAFIR_SMS_API_KEY و SAFIR_SMS_SENDER): آن را تنظیم کنید و کارزار را ادامه دهید",
    "nothing of this message can go by SMS (a template, or media without a caption)":
        "هیچ بخشی از این پیام با پیامک فرستادنی نیست (قالب، یا رسانهٔ بی‌توضیح)",
    "the SMS gateway did not confirm it: it is sent again under the same id, never twice":
        "درگاه پیامک آن را تأیید نکرد: با همان شناسه دوباره فرستاده می‌شود و هرگز دو بار نمی‌رسد",
    "row {row} of campaign {campaign} stays on {channel}: a recipient is sent on one channel only, and by SMS only "
    "when the service said it has no Bale account and its campaign sends those by SMS":
        "ردیف {row} کارزار {campaign} روی مسیر {channel} می‌ماند: هر گیرنده فقط از یک مسیر پیام می‌گیرد، و با پیامک "
        "فقط وقتی که سرویس گفته باشد حساب بله ندارد و کارزارش برای آن‌ها پیامک می‌فرستد",
    "a {kind} message cannot go by SMS: turn the SMS fallback off, or send a text":
        "پیام از نوع {kind} با پیامک فرستادنی نیست: ارسال پیامک را خاموش کنید، یا متن بفرستید",
    "a secure message cannot go by SMS (an SMS is not secure): turn the SMS fallback off":
        "پیام امن با پیامک فرستادنی نیست (پیامک امن نیست): ارسال پیامک را خاموش کنید",
    "the sending process could not be started ({detail}): reinstall the app":
        "فرایند ارسال اجرا نشد ({detail}): برنامه را دوباره نصب کنید",
    "the sending process stopped at once (exit status {status}): {detail}":
        "فرایند ارسال بی‌درنگ متوقف شد (وضعیت خروج {status}): {detail}",
    "the sending process did not start sending within {seconds} s (see {file})":
        "فرایند ارسال در {seconds} ثانیه شروع به ارسال نکرد ({file} را ببینید)",
    "One campaign is being sent.": "یک کارزار در حال ارسال است.",
    "{0} campaigns are being sent.": "{0} کارزار در حال ارسال است.",
    "Sending can go on in the background with the window closed (the window shows it again when it opens), or pause "
    "now and resume from History; nothing is sent twice.":
        "ارسال می‌تواند با پنجرهٔ بسته در پس‌زمینه ادامه پیدا کند (پنجره هنگام باز شدن دوباره نشانش می‌دهد)، یا همین "
        "حالا متوقف شود و بعداً از «تاریخچه» ادامه یابد؛ هیچ پیامی دو بار فرستاده نمی‌شود.",
    "Keep sending in the background": "ادامهٔ ارسال در پس‌زمینه",
    "Stay open": "باز بماند",
    "Safir campaign: one campaign sending": "کارزار سفیر: یک کارزار در حال ارسال",
    "Safir campaign: {0} campaigns sending": "کارزار سفیر: {0} کارزار در حال ارسال",
    "One campaign is still sending.": "یک کارزار هنوز در حال ارسال است.",
    "{0} campaigns are still sending.": "{0} کارزار هنوز در حال ارسال است.",
    "The icon here shows the window again.": "این نشانه پنجره را دوباره نشان می‌دهد.",
    "Send interrupted campaigns again at login": "ارسال دوبارهٔ کارزارهای قطع‌شده هنگام ورود به سیستم",
    "The login entry could not be changed; see the log.": "ورودی شروع خودکار تغییر نکرد؛ گزارش را ببینید.",
    "the process sending the campaign stopped unexpectedly (exit status {status}); resume it: nothing is sent twice":
        "فرایندی که کارزار را می‌فرستاد ناگهان متوقف شد (وضعیت خروج {status})؛ کارزار را ادامه دهید: هیچ پیامی دو بار فرستاده نمی‌شود",
    "the process sending the campaign stopped unexpectedly; resume it: nothing is sent twice":
        "فرایندی که کارزار را می‌فرستاد ناگهان متوقف شد؛ کارزار را ادامه دهید: هیچ پیامی دو بار فرستاده نمی‌شود",
    " per minute": " در دقیقه",
    " — no API access key yet: add one in Profiles": " — هنوز کلید دسترسی API ندارد: در «نمایه‌ها» اضافه کنید",
    "Sandbox": "محیط آزمایشی",
    "%v of %m": "%v از %m",
    "&View": "&نما",
    ", plus waits during quiet hours {0}-{1}": "، به‌علاوهٔ توقف در ساعات سکوت {0} تا {1}",
    "1. Recipients": "۱. گیرندگان",
    "2. Message": "۲. پیام",
    "3. Review": "۳. بازبینی",
    "4. Send": "۴. ارسال",
    "5. Results": "۵. نتایج",
    "Rows skipped: duplicate {0}, suppressed {1}, unusable {2}.":
        "ردیف‌های کنارگذاشته: تکراری {0}، مسدود {1}، بی‌استفاده {2}.",
    "<b>{0}</b> of {1} recipients will get the message; the frequency cap skips the other {2}.":
        "<b>{0}</b> از {1} گیرنده پیام را دریافت می‌کنند؛ سقف دفعات ارسال {2} گیرندهٔ دیگر را کنار می‌گذارد.",
    "Recipients who will get the message: <b>{0}</b>.": "گیرندگانی که پیام را دریافت می‌کنند: <b>{0}</b>.",
    "API access key": "کلید دسترسی API",
    "API access key (v3):": "کلید دسترسی API (نسخهٔ ۳):",
    "Action": "کار",
    "Add bot": "افزودن بات",
    "Add button": "افزودن دکمه",
    "Add row": "افزودن ردیف",
    "Add template": "افزودن قالب",
    "Add the template to the template library first (Templates panel).":
        "اول قالب را به کتابخانهٔ قالب‌ها اضافه کنید (بخش «قالب‌ها»).",
    "Address or text": "نشانی یا متن",
    "All rows": "همهٔ ردیف‌ها",
    "Back": "قبلی",
    "Balance": "اعتبار",
    "Balance history": "تاریخچهٔ اعتبار",
    "Balance updated.": "اعتبار به‌روز شد.",
    "Base URL": "نشانی پایه",
    "Base URL:": "نشانی پایه:",
    "Body with {{fields}}": "متن با {{فیلدها}}",
    "Bot id": "شناسهٔ بات",
    "Bot id {0!r} is not a positive number.": "شناسهٔ بات {0!r} عدد مثبت نیست.",
    "Bot:": "بات:",
    "Bots": "بات‌ها",
    "Bots of this profile:": "بات‌های این نمایه:",
    "Button action": "کار دکمه",
    "Campaign": "کارزار",
    "Campaign {0} created.": "کارزار {0} ساخته شد.",
    "Campaign {0} {1}: {2} sent, {3} failed, {4} unknown, {5} not sent.":
        "کارزار {0} {1}: {2} ارسال‌شده، {3} ناموفق، {4} نامعلوم، {5} ارسال‌نشده.",
    "Cancel": "لغو",
    "Cancelling after the requests in flight…": "لغو پس از پایان درخواست‌های در جریان…",
    "Caption": "زیرنویس",
    "Category": "دسته",
    "Check now…": "همین حالا بررسی کن…",
    "Check the balance": "بررسی اعتبار",
    "Choose a file to send": "پرونده‌ای برای ارسال انتخاب کنید",
    "Choose and upload a file…": "انتخاب و بارگذاری پرونده…",
    "Client id": "شناسهٔ کاربری",
    "Client id (v2):": "شناسهٔ کاربری (نسخهٔ ۲):",
    "Client secret": "رمز کاربری",
    "Client secret (v2):": "رمز کاربری (نسخهٔ ۲):",
    "Column with the one-time passwords": "ستون رمزهای یک‌بارمصرف",
    "Column with the passwords:": "ستون رمزها:",
    "Connected: the service accepted the client id and secret.": "وصل شد: سرویس شناسه و رمز کاربری را پذیرفت.",
    "Copy text (copy_text)": "کپی متن (copy_text)",
    "Delete profile": "حذف نمایه",
    "Sent to {0}: the service took it (message id {1}).": "به {0} فرستاده شد: سرویس آن را پذیرفت (شناسهٔ پیام {1}).",
    "Details": "جزئیات",
    "Not checked: type your own mobile number first.": "بررسی نشد: اول شمارهٔ همراه خودتان را وارد کنید.",
    "Not checked: {0}.": "بررسی نشد: {0}.",
    "No number in {0} is an Iranian mobile: the phone numbers look to be in {1}.":
        "هیچ شماره‌ای در {0} شمارهٔ همراه ایرانی نیست: شماره‌ها گویا در {1} است.",
    "Estimated cost: not known: set the price of one {0} in Templates.":
        "هزینهٔ برآوردی: نامعلوم؛ بهای یک {0} را در «قالب‌ها» تعیین کنید.",
    "Excel (*.xlsx);;CSV (*.csv)": "اکسل (*.xlsx);;CSV (*.csv)",
    "Export results": "خروجی نتایج",
    "Export…": "خروجی…",
    "File": "پرونده",
    "Give the profile a name.": "برای نمایه نامی بگذارید.",
    "Give the template field {{{{{0}}}}} a column or a text.": "برای فیلد قالب {{{{{0}}}}} ستون یا متنی تعیین کنید.",
    "History": "تاریخچه",
    "In flight:": "هم‌زمان:",
    "Inline keyboard": "صفحه‌کلید شیشه‌ای",
    "Insert a column": "درج ستون",
    "Insert column…": "درج ستون…",
    "Kind:": "نوع:",
    "Label": "برچسب",
    "Language": "زبان",
    "Message": "پیام",
    "Message kind": "نوع پیام",
    "Message text": "متن پیام",
    "Message text. {{column}} is replaced by that column of each row.": "متن پیام. {{ستون}} با مقدار همان ستون در هر ردیف جایگزین می‌شود.",
    "Message:": "پیام:",
    "Messages the sandbox delivered": "پیام‌هایی که محیط آزمایشی تحویل داد",
    "Move down": "پایین‌تر",
    "Move up": "بالاتر",
    "Name": "نام",
    "Name:": "نام:",
    "New profile": "نمایهٔ تازه",
    "Next": "بعدی",
    "No column named {0}": "ستونی به نام {0} نیست",
    "No file yet.": "هنوز پرونده‌ای نیست.",
    "No system keyring was found, so secrets are kept for this session only and must be entered again next time. Install a keyring (for example GNOME Keyring or KWallet) to keep them.":
        "جاکلیدی سیستم پیدا نشد، پس رمزها فقط برای همین نشست نگه داشته می‌شوند و دفعهٔ بعد باید دوباره وارد شوند. برای نگه‌داشتنشان یک جاکلیدی (مثلاً GNOME Keyring یا KWallet) نصب کنید.",
    "Not known yet": "هنوز معلوم نیست",
    "Not sent: this profile has no API access key. Add one in Profiles.": "ارسال نشد: این نمایه کلید دسترسی API ندارد. در «نمایه‌ها» اضافه کنید.",
    "Not sent: {0}": "ارسال نشد: {0}",
    "Not sent: {0}.": "ارسال نشد: {0}.",
    "One-time password (bot)": "رمز یک‌بارمصرف (بات)",
    "One-time password (v2, shows balance)": "رمز یک‌بارمصرف (نسخهٔ ۲، با نمایش اعتبار)",
    "One-time password sent to {0}. Balance left: {1}.": "رمز یک‌بارمصرف به {0} فرستاده شد. اعتبار باقی‌مانده: {1}.",
    "One-time password: {0}": "رمز یک‌بارمصرف: {0}",
    "One-time passwords": "رمزهای یک‌بارمصرف",
    "Open a CSV or Excel file with one phone number per row.": "یک پروندهٔ CSV یا اکسل با یک شمارهٔ تلفن در هر ردیف باز کنید.",
    "Open a contact sheet": "باز کردن فهرست مخاطبان",
    "Open a spreadsheet first.": "اول یک صفحه‌گسترده باز کنید.",
    "Open link (url)": "باز کردن پیوند (url)",
    "Open mini-app (web_app)": "باز کردن مینی‌اپ (web_app)",
    "Open results": "دیدن نتایج",
    "Open spreadsheet…": "باز کردن صفحه‌گسترده…",
    "Other message": "پیام دیگر",
    "Panels": "بخش‌ها",
    "Past campaigns": "کارزارهای گذشته",
    "Pause": "مکث",
    "Pausing after the requests in flight…": "مکث پس از پایان درخواست‌های در جریان…",
    "Per-row results": "نتیجهٔ هر ردیف",
    "Phone": "تلفن",
    "Phone column": "ستون تلفن",
    "Phone column:": "ستون تلفن:",
    "Phone for a test send": "شماره برای ارسال آزمایشی",
    "Phone:": "تلفن:",
    "Preview for": "پیش‌نمایش برای",
    "Preview for row": "پیش‌نمایش برای ردیف",
    "Preparing the campaign…": "آماده‌سازی کارزار…",
    "Stop": "توقف",
    "Stop the import, upload or export in progress": "توقف خواندن، بارگذاری یا خروجی در جریان",
    "Reading {0} was stopped.": "خواندن {0} متوقف شد.",
    "The upload was stopped.": "بارگذاری متوقف شد.",
    "The export was stopped.": "خروجی متوقف شد.",
    "Price of a {0}": "بهای {0}",
    "Price per message:": "بهای هر پیام:",
    "Profile": "نمایه",
    "Profile name": "نام نمایه",
    "Profile {0} deleted.": "نمایهٔ {0} حذف شد.",
    "Profile {0} saved and in use.": "نمایهٔ {0} ذخیره شد و در حال استفاده است.",
    "Profile {0}: {1}{2}": "نمایهٔ {0}: {1}{2}",
    "production": "سرویس اصلی",  # the connection used while no profile is saved
    "Return": "اینتر",  # the key, as Persian users name it (Qt's catalogue: "بازگشت", back)
    "Enter": "اینتر",
    "Profile:": "نمایه:",
    "Profiles and bots": "نمایه‌ها و بات‌ها",
    "Promotional template": "قالب تبلیغاتی",
    "Quick send": "ارسال سریع",
    "Quiet hours": "ساعات سکوت",
    "Quiet hours:": "ساعات سکوت:",
    "Rate in messages per minute": "سرعت به پیام در دقیقه",
    "Rate:": "سرعت:",
    "Reading {0}…": "خواندن {0}…",
    "Recent sends to this number": "ارسال‌های اخیر به این شماره",
    "Recent sends to this number:": "ارسال‌های اخیر به این شماره:",
    "Refresh": "تازه‌سازی",
    "Remove": "حذف",
    "Remove bot": "حذف بات",
    "Requests in flight at most": "بیشترین درخواست هم‌زمان",
    "Results written to {0}": "نتایج در {0} نوشته شد",
    "Resume": "ادامه",
    "Retry campaign {0} of campaign {1}.": "کارزار {0} برای تلاش دوباره روی کارزار {1}.",
    "Retry failed": "تلاش دوباره برای ناموفق‌ها",
    "Row {0}": "ردیف {0}",
    "Row {0}, button {1}: needs a label.": "ردیف {0}، دکمهٔ {1}: برچسب لازم دارد.",
    "Row {0}, button {1}: needs an address or a text to copy.": "ردیف {0}، دکمهٔ {1}: نشانی یا متنی برای کپی لازم دارد.",
    "Row {0}, button {1}: {2} stands in the address's host, so each row's value decides which site the link opens.":
        "ردیف {0}، دکمهٔ {1}: {2} در نام میزبانِ نشانی آمده است، پس مقدار هر ردیف تعیین می‌کند پیوند کدام سایت را باز کند.",
    "Row {0}: {1} — {2}": "ردیف {0}: {1} — {2}",
    "Rows and their verdicts": "ردیف‌ها و وضعیتشان",
    "Safir campaign": "کارزار سفیر",
    "Sandbox inbox": "صندوق محیط آزمایشی",
    "Save and use": "ذخیره و استفاده",
    "Secrets are kept in the system keyring ({0}).": "رمزها در جاکلیدی سیستم نگه داشته می‌شوند ({0}).",
    "Secure message": "پیام امن",
    "Send a test to this number": "ارسال آزمایشی به این شماره",
    "Send as a secure message (the recipient enters a password to read it)": "ارسال به‌صورت پیام امن (گیرنده برای خواندن رمز وارد می‌کند)",
    "Send now": "همین حالا بفرست",
    "Send the campaign first.": "اول کارزار را ارسال کنید.",
    "Sending bot": "بات فرستنده",
    "Sending campaign {0}…": "ارسال کارزار {0}…",
    "Sending log": "گزارش ارسال",
    "Sending progress": "پیشرفت ارسال",
    "Sent and failed over time": "ارسال‌شده و ناموفق در طول زمان",
    "Sent {0}, failed {1}, unknown {2}; {3:.0f} per minute {4}": "ارسال‌شده {0}، ناموفق {1}، نامعلوم {2}؛ {3:.0f} در دقیقه {4}",
    "Service template": "قالب خدماتی",
    "Sheet": "برگه",
    "Sheet:": "برگه:",
    "Show rows with status": "نمایش ردیف‌های با وضعیت",
    "Show:": "نمایش:",
    "Something went wrong and the action stopped. Nothing was sent twice. The details are in the log file in {0}.":
        "مشکلی پیش آمد و کار متوقف شد. هیچ پیامی دو بار فرستاده نشد. جزئیات در پروندهٔ گزارش در {0} است.",
    "Spreadsheets (*.csv *.txt *.xlsx *.xlsm *.xls *.ods);;All files (*)": "صفحه‌گسترده‌ها (*.csv *.txt *.xlsx *.xlsm *.xls *.ods);;همهٔ پرونده‌ها (*)",
    "Start": "شروع",
    "Status": "وضعیت",
    "Template": "قالب",
    "Template id": "شناسهٔ قالب",
    "Template library": "کتابخانهٔ قالب‌ها",
    "Template:": "قالب:",
    "Templates": "قالب‌ها",
    "Templates are made and approved in the business panel; list them here so fields are checked before sending and costs can be estimated.":
        "قالب‌ها در پنل کسب‌وکار ساخته و تأیید می‌شوند؛ اینجا فهرستشان کنید تا فیلدها پیش از ارسال بررسی و هزینه‌ها تخمین زده شوند.",
    "Test connection": "آزمودن اتصال",
    "Test sent to {0}.": "پیام آزمایشی به {0} فرستاده شد.",
    "Text": "متن",
    "The answer was lost on the way: it may have arrived. Sending again is safe.": "پاسخ در راه گم شد: شاید پیام رسیده باشد. ارسال دوباره بی‌خطر است.",
    "The answer was lost on the way: the code may or may not have arrived. Check with the person before sending another.":
        "پاسخ در راه گم شد: شاید رمز رسیده باشد، شاید نه. پیش از ارسال دوباره از گیرنده بپرسید.",
    "The balance could not be checked: {0}": "اعتبار بررسی نشد: {0}",
    "The campaign cannot start: {0}": "کارزار شروع نمی‌شود: {0}",
    "Send again?": "ارسال دوباره؟",
    # pause reasons (app/reasons.py PAUSE_REASONS) and the client's account errors (app/ui/texts.py)
    "paused by the user": "به دستور کاربر متوقف شد",
    "paused: {member} rejected it: {note}": "متوقف شد: {member} آن را رد کرد: {note}",
    "cancelled by the user": "به دستور کاربر لغو شد",
    "paused because the window was closed": "چون پنجره بسته شد، متوقف شد",
    "interrupted": "قطع شد",
    "interrupted ({signal})": "قطع شد ({signal})",
    "the service did not confirm {count} messages after {rounds} re-sends; resume later to re-send them under the same request_id (the service drops duplicates)":
        "سرویس دریافت {count} پیام را پس از {rounds} بار ارسال دوباره تأیید نکرد؛ بعداً کارزار را ادامه دهید تا با همان شناسهٔ درخواست دوباره فرستاده شوند (سرویس پیام تکراری نمی‌فرستد)",
    "{count} recipients were not sent yet; resume the campaign": "هنوز برای {count} گیرنده فرستاده نشده است؛ کارزار را ادامه دهید",
    "the service at {url} is not answering ({count} requests in a row had no answer); resume when it answers again (nothing is sent twice)":
        "سرویس در {url} پاسخ نمی‌دهد ({count} درخواست پشت سر هم بی‌پاسخ ماند)؛ وقتی دوباره پاسخ داد ادامه دهید (هیچ پیامی دو بار فرستاده نمی‌شود)",
    "the service at {url} has not answered for {seconds} s; resume when it answers again (messages already out are re-sent under the same request_id, so nothing is sent twice)":
        "سرویس در {url} {seconds} ثانیه است که پاسخ نداده؛ وقتی دوباره پاسخ داد ادامه دهید (پیام‌های در راه با همان شناسهٔ درخواست دوباره فرستاده می‌شوند و هیچ پیامی دو بار نمی‌رسد)",
    "the service refused {count} messages in a row with the same answer ({answer}): the template, bot or message is "
    "probably wrong for this account; nothing was sent to those recipients. Resume once the account has it right (a "
    "template approved, a bot added), or cancel the campaign and send again with the right message":
        "سرویس {count} پیام پشت سر هم را با یک پاسخ رد کرد ({answer}): احتمالاً قالب، بات یا پیام برای این حساب درست "
        "نیست؛ به آن گیرندگان چیزی فرستاده نشد. وقتی حساب درست شد (قالب تأیید شد، بات افزوده شد) ادامه دهید، یا کارزار "
        "را لغو کنید و با پیام درست دوباره بفرستید",
    "an unexpected error stopped the campaign ({kind}: {detail}); see the log, then resume it":
        "خطایی پیش‌بینی‌نشده کارزار را متوقف کرد ({kind}: {detail})؛ گزارش را ببینید و سپس کارزار را ادامه دهید",
    "{error}. Fix this, then resume the campaign.": "{error}. این را درست کنید و سپس کارزار را ادامه دهید.",
    "{error}. Check the network, then resume the campaign.": "{error}. شبکه را بررسی کنید و سپس کارزار را ادامه دهید.",
    "the API access key was refused: check it in the profile": "کلید دسترسی API پذیرفته نشد: آن را در نمایه بررسی کنید",
    "the service refused the credentials: check the client id, secret and API access key":
        "سرویس اطلاعات ورود را نپذیرفت: شناسه، رمز و کلید دسترسی API را بررسی کنید",
    "the service could not be reached: check the network and the profile's address":
        "به سرویس نمی‌توان وصل شد: شبکه و نشانی نمایه را بررسی کنید",
    "this profile has no API access key: add one in Profiles": "این نمایه کلید دسترسی API ندارد: در «نمایه‌ها» اضافه کنید",
    "the API access key has a character that cannot be sent (pasted with an invisible character?): paste it again in Profiles":
        "کلید دسترسی API نویسه‌ای دارد که فرستادنی نیست (با نویسه‌ای نامرئی چسبانده شده؟): آن را دوباره در «نمایه‌ها» بچسبانید",
    "the client id or secret was refused: check them in the profile": "شناسه یا رمز کاربری پذیرفته نشد: آن‌ها را در نمایه بررسی کنید",
    # verdict reasons (app/reasons.py) and service errors (app/ui/texts.py), context "Reasons"
    "the phone cell is empty": "خانهٔ شماره خالی است",
    "written in scientific notation, so Excel has lost digits: format the column as text in the source and export again":
        "به نماد علمی نوشته شده و اکسل رقم‌هایی را انداخته است: ستون را در فایل اصلی «متنی» کنید و دوباره خروجی بگیرید",
    "contains letters or symbols that are not part of a phone number": "حرف یا نشانه‌ای دارد که جزو شمارهٔ تلفن نیست",
    "{digits} digits: not an Iranian mobile number (expected 09xx xxx xxxx)":
        "{digits} رقم: شمارهٔ همراه ایرانی نیست (باید مانند 09xx xxx xxxx باشد)",
    "not a phone number": "شمارهٔ تلفن نیست",
    "a foreign number (+{country}, {region}), not Iranian": "شمارهٔ خارجی است (+{country})، نه ایرانی",
    "wrong number of digits for an Iranian mobile (expected 09xx xxx xxxx)":
        "تعداد رقم‌ها برای همراه ایرانی درست نیست (باید مانند 09xx xxx xxxx باشد)",
    "a landline number, not a mobile": "شمارهٔ تلفن ثابت است، نه همراه",
    "a VoIP number, not a mobile": "شمارهٔ تلفن اینترنتی (VoIP) است، نه همراه",
    "a toll-free number, not a mobile": "شمارهٔ رایگان است، نه همراه",
    "a premium-rate number, not a mobile": "شمارهٔ خدمات ویژه است، نه همراه",
    "a shared-cost number, not a mobile": "شمارهٔ هزینهٔ مشترک است، نه همراه",
    "a company (UAN) number, not a mobile": "شمارهٔ یکسان شرکت‌ها (UAN) است، نه همراه",
    "a pager number, not a mobile": "شمارهٔ پیجر است، نه همراه",
    "not an Iranian mobile prefix": "پیش‌شمارهٔ همراه ایرانی نیست",
    "a formula whose result was not saved: open and save the file in Excel or LibreOffice, or paste values":
        "فرمولی است که نتیجه‌اش ذخیره نشده: فایل را در اکسل یا لیبره‌آفیس باز و ذخیره کنید، یا مقدارها را جای فرمول بچسبانید",
    "same number as row {row}": "همان شمارهٔ ردیف {row}",
    "on the suppression list": "در فهرست ممنوع است",
    "on the suppression list; an earlier request's answer was lost, so that one may have arrived":
        "در فهرست ممنوع است؛ پاسخ درخواست قبلی گم شد، پس شاید همان یکی رسیده باشد",
    "the suppression list {file} could not be read ({detail}); fix it, then resume the campaign (nobody was "
    "messaged without it being checked)":
        "فهرست ممنوع {file} خوانده نشد ({detail})؛ آن را درست کنید و سپس کارزار را ادامه دهید (به هیچ‌کس بدون "
        "بررسی آن پیام نرفت)",
    "this row makes an invalid message: {detail}": "این ردیف پیام نادرستی می‌سازد: {detail}",
    "this row makes an invalid message: {field}: {problem}": "این ردیف پیام نادرستی می‌سازد: {field}: {problem}",
    "this row makes an invalid message: {problem}": "این ردیف پیام نادرستی می‌سازد: {problem}",
    "stopped before its answer arrived; a resume re-sends it safely":
        "پیش از رسیدن پاسخ متوقف شد؛ ادامهٔ کارزار آن را بی‌خطر دوباره می‌فرستد",
    "unexpected error: {kind}": "خطای پیش‌بینی‌نشده: {kind}",
    "must be one of {kinds}": "باید یکی از این‌ها باشد: {kinds}",
    "a field needs a name before '='": "فیلد پیش از «=» نام می‌خواهد",
    '{file} was not found.': '{file} پیدا نشد.',
    '{file} is password-protected: open it, remove the password and save it again.': '{file} گذرواژه دارد: آن را باز کنید، گذرواژه را بردارید و دوباره ذخیره کنید.',
    '{file} is password-protected: open it in Excel, remove the password (File > Info > Protect Workbook) and save it again.': '{file} گذرواژه دارد: آن را در اکسل باز کنید، گذرواژه را بردارید (File > Info > Protect Workbook) و دوباره ذخیره کنید.',
    "{file} could not be opened as a workbook: it is damaged, or another kind of file under a spreadsheet's name; "
    "open it in Excel or LibreOffice and save it again as XLSX ({detail}).":
        "{file} را نمی\u200cتوان به\u200cعنوان کارپوشهٔ اکسل باز کرد: یا آسیب دیده یا پرونده\u200cای از نوعی دیگر با نام "
        "صفحه\u200cگسترده است؛ آن را در اکسل یا لیبره\u200cآفیس باز کنید و دوباره با قالب XLSX ذخیره کنید.",
    '{file}: unsupported file type {suffix}; use CSV, XLSX, XLS or ODS.': '{file}: نوع فایل {suffix} پشتیبانی نمی\u200cشود؛ از CSV، XLSX، XLS یا ODS استفاده کنید.',
    '{file} disappeared while it was being read.': '{file} هنگام خواندن از دسترس رفت.',
    "the suppression list {file} could not be read ({detail}).": "فهرست ممنوع {file} خوانده نشد ({detail}).",
    '{file} is too large to read with the memory available.': '{file} برای حافظهٔ موجود بیش از اندازه بزرگ است.',
    '{file} could not be read ({detail}).': '{file} خوانده نشد ({detail}).',
    'the sheet {sheet} of {file} is empty.': 'برگهٔ {sheet} در {file} خالی است.',
    '{file} is empty.': '{file} خالی است.',
    '{file} has a header row but no data rows.': '{file} ردیف سرستون دارد ولی هیچ ردیف داده\u200cای ندارد.',
    '{file} has no sheet named {sheet}; its sheets are: {sheets}.': '{file} برگه\u200cای به نام {sheet} ندارد؛ برگه\u200cهایش: {sheets}.',
    '{file} is not a text CSV file (it looks binary); save it as CSV or XLSX.': '{file} فایل متنی CSV نیست (دودویی به نظر می\u200cرسد)؛ آن را به\u200cصورت CSV یا XLSX ذخیره کنید.',
    '{file} is not a well-formed CSV file ({detail}).': '{file} فایل CSV درستی نیست ({detail}).',
    '{file}: line {line} has {found} values where the header has {expected}: a comma inside a value without quotes, or a file that is not a table. Open it in Excel or LibreOffice and save it again as CSV or XLSX.': '{file}: سطر {line} {found} مقدار دارد اما سطر عنوان {expected} ستون دارد: ویرگولی درون یک مقدار بدون گیومه، یا فایلی که جدول نیست. آن را در Excel یا LibreOffice باز کنید و دوباره با قالب CSV یا XLSX ذخیره کنید.',
    '{file}: unknown text encoding; save it as UTF-8 CSV or XLSX.': '{file}: رمزگذاری متن ناشناخته است؛ آن را به\u200cصورت CSV با UTF-8 یا XLSX ذخیره کنید.',
    '{file}: line {line} is in another text encoding than the rest of the file ({odd} instead of {most}); it was probably pasted from another program, and its letters would reach recipients scrambled. Open the file, type or paste that line again, and save the file as CSV UTF-8 (or as XLSX).': '{file}: رمزگذاری خط {line} با بقیهٔ فایل فرق دارد ({odd} به جای {most})؛ احتمالاً از برنامهٔ دیگری چسبانده شده و حرف\u200cهایش درهم به گیرندگان می\u200cرسد. فایل را باز کنید، آن خط را دوباره بنویسید یا بچسبانید و فایل را به\u200cصورت CSV UTF-8 (یا XLSX) ذخیره کنید.',
    'no column named {column} in {file}; its columns are: {columns}.': 'ستونی به نام {column} در {file} نیست؛ ستون\u200cهایش: {columns}.',
    "No column of {file} looks like phone numbers: choose the phone column in the list above (columns: {columns}).":
        "هیچ ستونی از {file} شبیه شمارهٔ تلفن نیست: ستون تلفن را از فهرست بالا برگزینید (ستون‌ها: {columns}).",
    'no column of {file} looks like phone numbers; name one with --phone-column (columns: {columns}).': 'هیچ ستونی از {file} شبیه شمارهٔ تلفن نیست؛ ستون تلفن را خودتان برگزینید (ستون\u200cها: {columns}).',
    'cannot write {file}: choose a .csv or .xlsx file name.': 'نوشتن {file} ممکن نیست: نامی با پسوند \u200e.csv یا \u200e.xlsx برگزینید.',
    'cannot write {file}: {detail}.': 'نوشتن {file} ممکن نیست: {detail}.',
    'cannot open {file} to copy it: {detail}.': 'باز کردن {file} برای رونوشت ممکن نیست: {detail}.',
    'the disk is full: free some space or choose another place': 'دیسک پر است: جایی باز کنید یا جای دیگری برگزینید',
    'permission denied: the file may be open in another program, or the folder is read-only': 'اجازهٔ دسترسی نیست: شاید فایل در برنامهٔ دیگری باز است یا پوشه فقط\u200cخواندنی است',
    'the disk is read-only: choose another place': 'دیسک فقط\u200cخواندنی است: جای دیگری برگزینید',
    'the folder does not exist': 'این پوشه وجود ندارد',
    'that is a folder, not a file': 'این یک پوشه است، نه فایل',
    "quick send to {phone}": "ارسال سریع به {phone}",
    "Sending at login": "ارسال هنگام ورود",
    "Last run": "آخرین اجرا",
    "none yet": "هنوز هیچ",
    "campaign {0}: {1}": "کارزار {0}: {1}",
    "Send campaigns interrupted by a restart or a logout, and scheduled ones, again when you log in? This adds a login entry for this folder of campaigns; the File menu changes it at any time.":
        "کارزارهایی که با راه‌اندازی دوباره یا خروج از حساب نیمه‌کاره ماندند، و کارزارهای زمان‌بندی‌شده، هنگام ورود دوباره فرستاده شوند؟ این کار برای همین پوشهٔ کارزارها یک مدخل ورود می‌افزاید؛ از منوی «پرونده» هر زمان می‌توانید آن را تغییر دهید.",
    "Campaign {0} is being sent again (from another desktop or the command line); its progress and controls are here.":
        "کارزار {0} دوباره در حال ارسال است (از رایانه‌ای دیگر یا خط فرمان)؛ پیشرفت و کنترل‌هایش اینجاست.",
    "test send to {phone}": "ارسال آزمایشی به {phone}",
    "one-time password (v2) to {phone}": "رمز یک‌بارمصرف (نسخهٔ ۲) به {phone}",
    "{name} (retry of {id})": "{name} (تلاش دوباره برای {id})",
    "waiting for the start time {start}": "در انتظار زمان شروع {start}",
    "quiet hours until {end} ({zone})": "ساعت‌های سکوت تا {end} ({zone})",
    "re-sending {count} messages whose answer was lost, under the same request_id, in {seconds} s":
        "ارسال دوبارهٔ {count} پیامی که پاسخشان گم شد، با همان شناسهٔ درخواست، تا {seconds} ثانیهٔ دیگر",
    "the message text is empty": "متن پیام خالی است",
    "it holds a character that cannot be sent (a broken paste, or a terminal in another encoding): type it again":
        "نویسه‌ای دارد که فرستادنی نیست (چسباندنی ناقص، یا ترمینالی با رمزگذاری دیگر): دوباره بنویسیدش",
    "upload a file first": "نخست فایلی بارگذاری کنید",
    "add at least one button": "دست‌کم یک دکمه بیفزایید",
    "name the column with the one-time passwords": "ستونی را که رمزهای یک‌بارمصرف در آن است نام ببرید",
    "choose a template": "الگویی برگزینید",
    "the template has no field {field}": "الگو فیلدی به نام {field} ندارد",
    "a row needs at least one button": "هر ردیف دست‌کم یک دکمه می‌خواهد",
    "a button needs a label": "دکمه برچسب می‌خواهد",
    "a button needs a url, a web_app url or a copy text":
        "دکمه نشانی وب، نشانی مینی‌اپ یا متنی برای رونوشت می‌خواهد",
    "a button's address must start with https:// (or http://): {url}":
        "نشانی دکمه باید با https://‎ (یا http://‎) آغاز شود: {url}",
    "{placeholder}: unknown filter; the one there is: |jalali": "{placeholder}: پالایهٔ ناشناخته؛ تنها پالایهٔ موجود |jalali است",
    "{value} is not a date (expected a date cell or YYYY-MM-DD)": "{value} تاریخ نیست (یک خانهٔ تاریخ یا YYYY-MM-DD لازم است)",
    "the one-time password must be a number of 3 to 8 digits": "رمز یک‌بارمصرف باید عددی ۳ تا ۸ رقمی باشد",
    "uses {placeholder}, but there is no sheet to fill it from": "{placeholder} را به کار برده ولی جدولی نیست که از آن پر شود",
    "uses {placeholder} but the sheet has no such column; its columns: {columns}": "{placeholder} را به کار برده ولی جدول چنین ستونی ندارد؛ ستون‌های جدول: {columns}",
    "the service had an internal error; try again later": "سرویس دچار خطای داخلی شد؛ بعداً دوباره امتحان کنید",
    "too many messages at once: the service asked to slow down": "پیام‌ها بیش از اندازه بودند: سرویس خواست آهسته‌تر بفرستید",
    "the service refused the message as invalid (check the template, bot and fields)":
        "سرویس پیام را نادرست دانست (قالب، بات و فیلدها را بررسی کنید)",
    "the service says this phone number is not valid": "به گفتهٔ سرویس این شماره معتبر نیست",
    "this phone has no Bale account": "این شماره در بله حساب ندارد",
    "too many one-time passwords to this phone in the last hour": "در یک ساعت گذشته رمز یکبارمصرف زیادی به این شماره رفته است",
    "the account's balance is used up: payment required": "اعتبار حساب تمام شده است: باید شارژ کنید",
    "the bot has reached its contact limit": "بات به سقف مخاطبانش رسیده است",
    "This row cannot be shown: {0}": "این ردیف را نمی‌توان نشان داد: {0}",
    "&Help": "&راهنما",
    "About Safir Campaign": "دربارهٔ سفیر کارزار",
    "Open the logs folder": "باز کردن پوشهٔ گزارش‌ها",
    "<b>Safir Campaign</b> {0}<br>Message campaigns through Bale's business messaging service.<br><br>App id: {1}<br>Data and logs: {2}":
        "<b>سفیر کارزار</b> {0}<br>کارزارهای پیام از راه سرویس پیام‌رسانی تجاری بله.<br><br>شناسهٔ برنامه: {1}<br>داده‌ها و گزارش‌ها: {2}",
    "Campaign {0} is being sent; its controls are here.": "کارزار {0} در حال ارسال است؛ کنترل‌هایش اینجاست.",
    "Campaign {0} is being sent; pause it before resuming another.":
        "کارزار {0} در حال ارسال است؛ پیش از ادامهٔ کارزاری دیگر آن را متوقف کنید.",
    "The chart fills as messages go out": "با ارسال پیام‌ها نمودار پر می‌شود",
    "The connection test failed: {0}": "آزمون اتصال ناموفق بود: {0}",
    "The message, the one-time password digits, or for a template one field=value per line":
        "متن پیام، رقم‌های رمز یک‌بارمصرف، یا برای قالب در هر سطر یک فیلد=مقدار",
    "The service allows about 300 sends a minute per account; a higher rate will be slowed down by rate-limit answers.":
        "سرویس حدود ۳۰۰ ارسال در دقیقه برای هر حساب می‌پذیرد؛ سرعت بیشتر با پاسخ‌های محدودیت کند می‌شود.",
    "The service reports the balance only when it sends a one-time password (v2).": "سرویس اعتبار را فقط هنگام ارسال رمز یک‌بارمصرف (نسخهٔ ۲) اعلام می‌کند.",
    "The service tells the balance only when it sends a one-time password, so this sends one to {0} and costs one message. Go ahead?":
        "سرویس اعتبار را فقط هنگام ارسال رمز یک‌بارمصرف اعلام می‌کند، پس این کار یک رمز به {0} می‌فرستد و هزینهٔ یک پیام دارد. ادامه می‌دهید؟",
    "The sheet has no valid phone number to send to.": "در این برگه هیچ شمارهٔ معتبری برای ارسال نیست.",
    "The test was not sent: {0}": "پیام آزمایشی فرستاده نشد: {0}",
    "There are no results to export yet.": "هنوز نتیجه‌ای برای خروجی نیست.",
    "This button is incomplete": "این دکمه کامل نیست",
    "This profile has no API access key: add one in Profiles, or start with --demo.": "این نمایه کلید دسترسی API ندارد: در «نمایه‌ها» اضافه کنید یا با ‎--demo‎ شروع کنید.",
    "This profile has no API access key: add one in Profiles.": "این نمایه کلید دسترسی API ندارد: در «نمایه‌ها» اضافه کنید.",
    "Time at this rate: {0}.": "زمان با این سرعت: {0}.",
    "Upload failed: {0}": "بارگذاری ناموفق بود: {0}",
    "Upload progress": "پیشرفت بارگذاری",
    "Uploading {0}…": "بارگذاری {0}…",
    "Value of {0}": "مقدار {0}",
    "When": "زمان",
    "When (Tehran)": "زمان (به وقت تهران)",
    "Created (Tehran)": "ساخته‌شده در (به وقت تهران)",
    "Your own number": "شمارهٔ خودتان",
    "a column, or a fixed text": "یک ستون یا یک متن ثابت",
    "about {0:.0f} minutes": "حدود {0:.0f} دقیقه",
    "as fast as allowed": "با بیشترین سرعت مجاز",
    "as fast as the service answers": "به سرعت پاسخ‌دهی سرویس",
    "as reported at {0}": "طبق گزارش {0}",
    "as reported at {0} (Tehran time)": "طبق گزارش {0} (به وقت تهران)",
    "built-in sandbox": "محیط آزمایشی داخلی",
    "chosen": "انتخاب‌شده",
    "detected, {0:.0%} sure": "تشخیص خودکار، {0:.0%} اطمینان",
    "e.g. 0912 123 4567": "مثلاً ۰۹۱۲ ۱۲۳ ۴۵۶۷",
    "e.g. 22:00-08:00 (Tehran time); empty for none": "مثلاً 22:00-08:00 (به وقت تهران)؛ خالی یعنی بدون سکوت",
    "failed": "ناموفق",
    "message": "پیام",
    "promotional": "تبلیغاتی",
    "promotional template": "قالب تبلیغاتی",
    "row ": "ردیف ",
    "sent": "ارسال‌شده",
    "service": "خدماتی",
    "service template": "قالب خدماتی",
    "stored in the keyring; leave empty to keep": "در جاکلیدی نگه داشته می‌شود؛ برای حفظ مقدار قبلی خالی بگذارید",
    "under a minute": "کمتر از یک دقیقه",
    "your own number": "شمارهٔ خودتان",
    "your own number, e.g. 0912 123 4567": "شمارهٔ خودتان، مثلاً ۰۹۱۲ ۱۲۳ ۴۵۶۷",
    "{0} messages": "{0} پیام",
    "{0:.0f} s left": "{0:.0f} ثانیه مانده",
    "{0} is ready.": "{0} آماده است.",
    "{0} rows make a message the service would refuse, and will be skipped; the first, row {1}: {2}.":
        "پیام {0} ردیف را سرویس نمی‌پذیرد و آن ردیف‌ها کنار گذاشته می‌شوند؛ نخستین، ردیف {1}: {2}.",
    "No row makes a message the service accepts, so nobody would get it; row {0}: {1}":
        "پیام هیچ ردیفی را سرویس نمی‌پذیرد، پس کسی آن را نمی‌گیرد؛ ردیف {0}: {1}",
    "{0} rows have no usable number and will be skipped.": "{0} ردیف شمارهٔ قابل‌استفاده ندارند و کنار گذاشته می‌شوند.",
    "{0} uploaded; it is sent to every recipient.": "{0} بارگذاری شد و برای همهٔ گیرندگان فرستاده می‌شود.",
    "{0}: {1} rows — {2} valid, {3} invalid, {4} duplicate, {5} suppressed, {6} empty. Phone column: {7} ({8}).":
        "{0}: {1} ردیف — {2} معتبر، {3} نامعتبر، {4} تکراری، {5} مسدود، {6} خالی. ستون تلفن: {7} ({8}).",
    # Words the code translates at run time (statuses, kinds, column headers).
    "Row": "ردیف",
    "Phone as typed": "تلفن همان‌طور که نوشته شده",
    "Message id": "شناسهٔ پیام",
    "Created": "ساخته‌شده در",
    "Kind": "نوع",
    "Sent": "ارسال‌شده",
    "Failed": "ناموفق",
    "Left": "مانده",
    "Unknown": "نامعلوم",
    "valid": "معتبر",
    "invalid": "نامعتبر",
    "duplicate": "تکراری",
    "suppressed": "مسدود",
    "repeat": "تکرار",
    "the text is {length} characters long; it can be at most {limit}": "متن {length} نویسه است؛ حداکثر {limit} نویسه می‌تواند باشد",
    "the caption is {length} characters long; it can be at most {limit}": "زیرنویس {length} نویسه است؛ حداکثر {limit} نویسه می‌تواند باشد",
    "the template field's value is {length} characters long; it can be at most {limit}": "مقدار فیلد قالب {length} نویسه است؛ حداکثر {limit} نویسه می‌تواند باشد",
    "the copy text is {length} characters long; it can be at most {limit}": "متن رونوشت {length} نویسه است؛ حداکثر {limit} نویسه می‌تواند باشد",
    "{count} buttons; a message can have at most {limit}": "{count} دکمه؛ هر پیام حداکثر {limit} دکمه می‌تواند داشته باشد",
    "{0} of these {1} recipients already got this message from this bot in the last {2} days (latest: campaign "
    "{3}); at Start you can send only to the others.":
        "{0} نفر از این {1} گیرنده در {2} روز گذشته همین پیام را از همین بات گرفته‌اند (آخرین بار: کارزار {3})؛ "
        "هنگام شروع می‌توانید فقط به بقیه بفرستید.",
    "Results": "نتایج",
    "Sandbox (demo)": "محیط آزمایشی (نمایشی)",
    "e.g. {0}": "مثلاً {0}",
    "your own number, e.g. {0}": "شمارهٔ خودتان، مثلاً {0}",
    "Row {0}, button {1}: the address must start with {2} (or {3}).": "ردیف {0}، دکمهٔ {1}: نشانی باید با {2} (یا {3}) آغاز شود.",
    "the text": "متن",
    "the one-time password": "رمز یک‌بارمصرف",
    "the template": "قالب",
    "the file": "پرونده",
    "the buttons": "دکمه‌ها",
    "the phone number": "شمارهٔ تلفن",
    "{0} stays open.": "{0} همچنان باز است.",
    "type the phone number first": "اول شمارهٔ تلفن را بنویسید",
    "the message kind": "نوع پیام",
    "the copy text": "متن رونوشت",
    "label": "برچسب",
    "address": "نشانی",
    "mini-app address": "نشانی مینی‌اپ",
    "text to copy": "متن رونوشت",
    "button {0} of row {1}": "دکمهٔ {0} از ردیف {1}",
    "row {0} of buttons": "ردیف {0} دکمه‌ها",
    "template field {0}": "فیلد قالب {0}",
    "Open the sample sheet": "باز کردن فهرست نمونه",
    "Next step": "گام بعدی",
    "Previous step": "گام قبلی",
    "scheduled": "زمان‌بندی‌شده",
    "{0} min": "{0} دقیقه",
    "{0} h {1} min": "{0} ساعت و {1} دقیقه",
    "about {0} left": "حدود {0} مانده",
    "about {0}": "حدود {0}",
    "the service allows about {0} a minute": "سرویس حدود {0} در دقیقه می‌پذیرد",
    "; sharing it with 1 other campaign": "؛ با ۱ کارزار دیگر تقسیم می‌شود",
    "; sharing it with {0} other campaigns": "؛ با {0} کارزار دیگر تقسیم می‌شود",
    "The start time is in the past: choose a later time, or clear “Start at” to start now.":
        "زمان شروع گذشته است: زمانی دیرتر برگزینید، یا «شروع در» را بردارید تا همین حالا شروع شود.",
    "The repeats would start at {0}, inside the quiet hours, and each wait until {1}: choose a time from {1} to {2}.":
        "تکرارها ساعت {0}، درون ساعت‌های سکوت، آغاز می‌شوند و هر بار تا {1} منتظر می‌مانند: ساعتی از {1} تا {2} برگزینید.",
    "Previous step (Alt+Left)": "گام قبلی (Alt+راست)",
    "Next step (Enter or Alt+Right)": "گام بعدی (Enter یا Alt+چپ)",
    "Campaign {0} has nobody left to send to.": "کارزار {0} گیرندهٔ باقی‌مانده‌ای ندارد.",
    "Send the rest?": "باقی‌مانده فرستاده شود؟",
    "Send campaign {0}'s message now to the {1} recipients it never reached, as a new campaign?":
        "پیام کارزار {0} هم‌اکنون در کارزاری تازه به {1} گیرنده‌ای که هرگز به آن‌ها نرسید فرستاده شود؟",
    "Campaign {0}: the rest of campaign {1}.": "کارزار {0}: باقی‌ماندهٔ کارزار {1}.",
    "Send the rest as a new campaign": "ارسال باقی‌مانده در کارزاری تازه",
    "A new campaign of the recipients this cancelled one never reached, each under its own request_id (nobody gets "
    "it twice)":
        "کارزاری تازه برای گیرندگانی که این کارزار لغوشده به آن‌ها نرسید، هر یک با همان شناسهٔ درخواست خودش (هیچ‌کس "
        "دو بار دریافت نمی‌کند)",
    "Cancel campaign {0}? {1} recipients have not been sent yet. A cancelled campaign cannot be resumed; its rest "
    "can be sent later as a new campaign.":
        "کارزار {0} لغو شود؟ هنوز برای {1} گیرنده فرستاده نشده است. کارزار لغوشده را نمی‌توان ادامه داد؛ باقی‌مانده‌اش "
        "را می‌توان بعداً در کارزاری تازه فرستاد.",
    "Cancel the campaign?": "کارزار لغو شود؟",
    "Campaign {0} cancelled.": "کارزار {0} لغو شد.",
    "The campaign cannot be cancelled: {0}": "کارزار لغو نمی‌شود: {0}",
    "Choose a campaign in the list first.": "نخست کارزاری را از فهرست برگزینید.",
    "Campaign {0} was cancelled, so it cannot be resumed. The recipients it never reached can be sent as a new "
    "campaign: “Send the rest as a new campaign” on its Send step.":
        "کارزار {0} لغو شده و نمی‌توان آن را ادامه داد. گیرندگانی را که به آن‌ها نرسید می‌توان در کارزاری تازه فرستاد: "
        "«ارسال باقی‌مانده در کارزاری تازه» در گام ارسال آن.",
    "Campaign {0} is finished: every recipient has an outcome.": "کارزار {0} تمام شده است: هر گیرنده نتیجه‌ای دارد.",
    "{name} (rest of {id})": "{name} (باقی‌ماندهٔ {id})",
    "a message can have at most {limit} buttons": "هر پیام حداکثر {limit} دکمه می‌تواند داشته باشد",
    "the {column} cell is a formula whose result was not saved: open and save the file in Excel or LibreOffice, "
    "or paste values":
        "خانهٔ {column} فرمولی است که نتیجه‌اش ذخیره نشده: فایل را در اکسل یا لیبره‌آفیس باز و ذخیره کنید، یا "
        "مقدارها را جای فرمول بچسبانید",
    "already got this message in campaign {campaign}": "این پیام را در کارزار {campaign} گرفته است",
    "still to get this message from campaign {campaign}, which is not cancelled":
        "این پیام را از کارزار {campaign} (که لغو نشده) هنوز باید بگیرد",
    "{0} of these {1} recipients got this message from this bot in the last {2} days or are still to get it ({3} "
    "still to send in a campaign not cancelled; latest: campaign {4}); at Start you can send only to the others.":
        "{0} نفر از این {1} گیرنده در {2} روز گذشته همین پیام را از همین بات گرفته‌اند یا هنوز باید بگیرند ({3} نفر "
        "هنوز در کارزاری لغونشده در صف ارسال‌اند؛ آخرین بار: کارزار {4})؛ هنگام شروع می‌توانید فقط به بقیه بفرستید.",
    "{0} of these {1} recipients got this message from this bot in the last {2} days or are still to get it ({3} "
    "still to send in a campaign not cancelled; latest: campaign {4}, {5}, {6}).":
        "{0} نفر از این {1} گیرنده در {2} روز گذشته همین پیام را از همین بات گرفته‌اند یا هنوز باید بگیرند ({3} نفر "
        "هنوز در کارزاری لغونشده در صف ارسال‌اند؛ آخرین بار: کارزار {4}، {5}، {6}).",
    "{0} of these {1} recipients already got this message from this bot in the last {2} days (latest: campaign {3}, "
    "{4}, {5}).":
        "{0} نفر از این {1} گیرنده در {2} روز گذشته همین پیام را از همین بات گرفته‌اند (آخرین بار: کارزار {3}، {4}، "
        "{5}).",
    "Send to everyone again": "دوباره به همه بفرست",
    "&Look in:": "&جستجو در:",
    "Files of &type:": "پرونده‌هایی از &نوع:",
    "Folder": "پوشه",
    "Drive": "درایو",
    "%1 File": "پروندهٔ %1",
    "Do not send": "نفرست",
    "Send only to the {0} others": "فقط به {0} نفر دیگر بفرست",
    "{0} is open: choose its phone column.": "{0} باز است: ستون تلفن آن را انتخاب کنید.",
    "Send only to the other one": "فقط به آن یک نفر دیگر بفرست",
    "Not sent: these recipients got this message recently.": "فرستاده نشد: این گیرندگان به‌تازگی همین پیام را گرفته‌اند.",
    "empty": "خالی",
    "unknown": "نامعلوم",
    "pending": "در انتظار",
    "not_sent": "فرستاده‌نشده",
    "not sent: the campaign was cancelled": "فرستاده نشد: کارزار لغو شد",
    "in_flight": "در حال ارسال",
    "skipped": "کنار گذاشته",
    "finished": "تمام‌شده",
    "paused": "متوقف",
    "cancelled": "لغوشده",
    "running": "در حال اجرا",
    "ready": "آماده",
    "text": "متن",
    "media": "رسانه",
    "otp": "رمز یک‌بارمصرف",
    "buttons": "دکمه‌ها",
    "template": "قالب",
    "Media": "رسانه",
    "One-time password": "رمز یک‌بارمصرف",
    "Buttons": "دکمه‌ها",
    "sent ": "ارسال‌شده ",
    'Row {0}, button {1}: the address must start with https:// (or http://).': 'ردیف {0}، دکمهٔ {1}: نشانی باید با \u2066https://\u2069 (یا \u2066http://\u2069) آغاز شود.',
    'New campaign': 'کارزار تازه',
    'Start composing another campaign; one being sent goes on': 'نوشتن کارزاری دیگر را آغاز کنید؛ کارزاری که در حال ارسال است ادامه می\u200cیابد',
    'Recipients': 'گیرندگان',
    'Estimated cost': 'هزینهٔ برآوردی',
    '&File': '&پرونده',
    'Open sheet…': 'باز کردن جدول…',
    'Export results…': 'خروجی نتیجه\u200cها…',
    'Quit': 'خروج',
    'Keyboard shortcuts': 'میان\u200cبرهای صفحه\u200cکلید',
    "Open a campaign's results first (History), or send one.": 'نخست نتیجه\u200cهای کارزاری را باز کنید (تاریخچه)، یا کارزاری بفرستید.',
    'A campaign is being sent': 'کارزاری در حال ارسال است',
    "Pause and quit? Paused campaigns can be resumed from History; nothing is sent twice.":
        "مکث کنیم و بیرون برویم؟ کارزار مکث\u200cشده را می\u200cتوان از تاریخچه ادامه داد؛ هیچ پیامی دو بار فرستاده نمی\u200cشود.",
    'Pause and quit': 'مکث و خروج',
    'Stay open and keep sending': 'باز ماندن و ادامهٔ ارسال',
    'Give the template field {0} a column or a text.': 'برای فیلد {0} در الگو ستونی یا متنی تعیین کنید.',
    'Sending to {0}…': 'در حال ارسال به {0}…',
    'detected, {0}% sure': 'خودکار یافته شد، {0}٪ مطمئن',
    '{0} {1}': '{0} {1}',
    'Campaign {0} ({1}) is {2}: {3}.': 'کارزار {0} ({1}) {2} است: {3}.',
    'Errors: {0}': 'خطاها: {0}',
    '{0} × {1} (code {2})': '{0} × {1} (کد {2})',
    'other error': 'خطای دیگر',
    'Error code': 'کد خطا',
    'Request id': 'شناسهٔ درخواست',
    'Result: {0}': 'نتیجه: {0}',
    '(results only: {0})': '(فقط نتیجه\u200cها: {0})',
    'No failures worth retrying: every failure here would fail again (no Bale account, an invalid number...).': 'خطایی نیست که ارزش تلاش دوباره داشته باشد: هر خطای این\u200cجا دوباره هم رخ می\u200cدهد (نداشتن حساب بله، شمارهٔ نادرست و…).',
    'Messages sent at the same time, at most': 'بیشینهٔ پیام\u200cهای هم\u200cزمان',
    'How many messages may be on their way at once; 8 suits most connections.': 'چند پیام می\u200cتواند هم\u200cزمان در راه باشد؛ ۸ برای بیشتر اتصال\u200cها مناسب است.',
    'Start at': 'شروع در',
    'Start later': 'شروع در زمانی دیگر',
    'Start date and time (Tehran time)': 'تاریخ و ساعت شروع (به وقت تهران)',
    'Tehran time; it starts with the window closed too': 'به وقت تهران؛ با پنجرهٔ بسته هم آغاز می‌شود',
    'Send nothing from': 'هیچ پیامی نفرست از',
    'Quiet hours start': 'آغاز ساعت\u200cهای سکوت',
    'Quiet hours end': 'پایان ساعت\u200cهای سکوت',
    'to': 'تا',
    '(Tehran time)': '(به وقت تهران)',
    'At the same time:': 'هم\u200cزمان:',
    'Start:': 'شروع:',
    'Choose the sending bot (its id is a whole number).': 'بات فرستنده را برگزینید (شناسه\u200cاش عددی صحیح است).',
    'The rate must be 0 (as fast as allowed) or at least 1 message per minute.': 'آهنگ ارسال باید ۰ (با بیشترین سرعت مجاز) یا دست\u200cکم ۱ پیام در دقیقه باشد.',
    'Messages at the same time must be from 1 to 256.': 'پیام\u200cهای هم\u200cزمان باید از ۱ تا ۲۵۶ باشد.',
    'Quiet hours need a start and an end, e.g. 22:00 to 08:00.': 'ساعت\u200cهای سکوت آغاز و پایان می\u200cخواهد، مانند ۲۲:۰۰ تا ۰۸:۰۰.',
    'The service accepts at most {0} messages a minute per account; the campaign will go at that pace.': 'سرویس برای هر حساب دست\u200cبالا {0} پیام در دقیقه می\u200cپذیرد؛ کارزار با همین آهنگ پیش می\u200cرود.',
    'about {0} minutes': 'حدود {0} دقیقه',
    'about a minute': 'حدود یک دقیقه',
    ', plus waits during quiet hours {0} to {1}': '، به\u200cاضافهٔ درنگ در ساعت\u200cهای سکوت {0} تا {1}',
    'Estimated cost: <b>{0}</b> ({1} × {2}, the price of one {3}; set prices in Templates).': 'هزینهٔ برآوردی: <b>{0}</b> ({1} × {2}، بهای یک {3}؛ بها را در «قالب‌ها» تعیین کنید).',
    'Time at {0} messages a minute: {1}.': 'زمان با آهنگ {0} پیام در دقیقه: {1}.',
    'Sending a test to {0}…': 'در حال ارسال آزمایشی به {0}…',
    'Sending…': 'در حال ارسال…',
    'Campaign {0} is being sent by another copy of the app (or the command line); it can be resumed here once that stops.': 'کارزار {0} را نسخهٔ دیگری از برنامه (یا خط فرمان) می\u200cفرستد؛ پس از توقف آن، می\u200cتوان آن را این\u200cجا ادامه داد.',
    'about {0} s left': 'حدود {0} ثانیه مانده',
    '{0} per minute; {1}': '{0} در دقیقه؛ {1}',
    '{0} per minute': '{0} در دقیقه',
    'Pausing after the messages on their way…': 'مکث پس از رسیدن پیام\u200cهای در راه…',
    'Cancelling after the messages on their way…': 'لغو پس از رسیدن پیام\u200cهای در راه…',
    "in {0} h {1} min": "{0} ساعت و {1} دقیقهٔ دیگر",
    "in {0} min": "{0} دقیقهٔ دیگر",
    "Starts": "شروع",
    'kept for this session only; leave empty to keep': 'فقط برای همین نشست نگه داشته می\u200cشود؛ برای نگه\u200cداشتن خالی بگذارید',
    'Using the built-in sandbox.': 'محیط آزمایشی داخلی در حال استفاده است.',
    'Testing the connection…': 'در حال آزمودن اتصال…',
    "{0} answers. Add the client id and secret (v2) to test them too; the service checks the API access key (v3) "
    "only when a message goes out.":
        "{0} پاسخ می‌دهد. برای آزمودن شناسه و رمز کلاینت (نسخهٔ ۲) آن‌ها را هم وارد کنید؛ سرویس کلید دسترسی API "
        "(نسخهٔ ۳) را تنها هنگام ارسال پیام بررسی می‌کند.",
    'Connected to {0}: the service accepted the client id and secret.': 'به {0} وصل شد: سرویس شناسه و رمز کلاینت را پذیرفت.',
    'The API access key is well-formed; the service checks it when a message goes out.': 'کلید دسترسی API درست نوشته شده است؛ سرویس آن را هنگام ارسال پیام بررسی می\u200cکند.',
    'This profile has no API access key (v3) yet: campaigns need one.': 'این نمایه هنوز کلید دسترسی API (نسخهٔ ۳) ندارد: کارزارها به آن نیاز دارند.',
    '{0} s': '{0} ثانیه',
    '{0} of {1}': '{0} از {1}',
    'Campaign {0} waits for its start time ({1}) and starts only while the app is open.': 'کارزار {0} در انتظار زمان شروع خود است ({1}) و تنها وقتی برنامه باز باشد آغاز می\u200cشود.',
    'Keep sending from the system tray': 'ادامهٔ ارسال از سینی سیستم',
    'Safir campaign: sending': 'کارزار سفیر: در حال ارسال',
    'Show the window': 'نمایش پنجره',
    'Pause the campaigns and quit': 'مکث کارزارها و خروج',
    'Still sending. The icon here shows the window again.': 'ارسال ادامه دارد. این نماد پنجره را دوباره نشان می\u200cدهد.',
    ", ": "، ",
    # The team store (issue 20).
    "the team store {store} cannot be reached ({detail}): check that its server runs and the address is right; "
    "sending resumes once it answers (nothing is sent twice)":
        "پایگاه مشترک تیم {store} در دسترس نیست ({detail}): بررسی کنید که سرورش روشن و نشانی درست باشد؛ ارسال هر وقت "
        "پاسخ دهد ادامه می‌یابد (هیچ پیامی دو بار فرستاده نمی‌شود)",
    "the team store {store} refused the login of {user}: check the user name and password":
        "پایگاه مشترک تیم {store} ورود {user} را نپذیرفت: نام کاربری و گذرواژه را بررسی کنید",
    "the team store {store} asks {user} for a password and none was given: keep it with "
    "'safir-campaign store password URL', or put it in PGPASSWORD or ~/.pgpass":
        "پایگاه مشترک تیم {store} از {user} گذرواژه می‌خواهد و گذرواژه‌ای داده نشده است: آن را با "
        "'safir-campaign store password URL' نگه دارید، یا در PGPASSWORD یا ‎~/.pgpass بگذارید",
    "the team store {store} has no database {database}: create it (see docs/team.md)":
        "پایگاه مشترک تیم {store} پایگاه‌داده‌ای به نام {database} ندارد: آن را بسازید (راهنمای docs/team.md)",
    "the team store {store} does not let {user} do this ({detail}): grant the rights docs/team.md names":
        "پایگاه مشترک تیم {store} به {user} اجازهٔ این کار را نمی‌دهد ({detail}): دسترسی‌هایی را که docs/team.md "
        "می‌گوید بدهید",
    "the team store {store} is out of disk space: free some on its server, then resume":
        "دیسک سرور پایگاه مشترک تیم {store} پر است: روی سرور جا باز کنید و سپس ادامه دهید",
    "the team store {store} was set up by a newer version of the app (schema {version}): update the app on this "
    "desktop":
        "پایگاه مشترک تیم {store} با نسخهٔ تازه‌تری از برنامه ساخته شده است (طرح {version}): برنامهٔ این رایانه را "
        "به‌روز کنید",
    "the team store {store} must be brought up to this version of the app (schema {version}) by its owner, {owner}: "
    "ask them to open it once with this version":
        "پایگاه مشترک تیم {store} را باید مالک آن، {owner}، به نسخهٔ این برنامه (طرح {version}) برساند: از او بخواهید "
        "یک بار آن را با این نسخه باز کند",
    "the team store {store} now keeps its members as database roles, and its owner {owner} needs the right to create "
    "them: as a PostgreSQL superuser run ALTER ROLE {owner} CREATEROLE, then open the store again (docs/team.md)":
        "پایگاه مشترک تیم {store} اکنون اعضا را نقش‌های پایگاه‌داده نگه می‌دارد و مالک آن، {owner}، باید اجازهٔ ساختن "
        "آن‌ها را داشته باشد: با یک کاربر ارشد PostgreSQL فرمان \u2066ALTER ROLE {owner} CREATEROLE\u2069 را اجرا کنید "
        "و سپس پایگاه را دوباره باز کنید (راهنمای docs/team.md)",
    "{address} is not a team store address: a team store is a PostgreSQL database, written "
    "postgresql://USER@HOST:PORT/DATABASE":
        "{address} نشانی پایگاه مشترک تیم نیست: پایگاه مشترک تیم یک پایگاه‌دادهٔ PostgreSQL است و نشانی‌اش به شکل "
        "\u2066postgresql://USER@HOST:PORT/DATABASE\u2069 نوشته می‌شود",
    "the team store {store} failed: {detail}": "پایگاه مشترک تیم {store} خطا داد: {detail}",
    # The embedded journal's faults.
    "the disk holding {folder} is full: free some space, then resume the campaign":
        "دیسکی که {folder} روی آن است پر است: جا باز کنید و سپس کارزار را ادامه دهید",
    "the disk holding {folder} failed to write (disk I/O error): check the disk, then resume the campaign":
        "دیسکی که {folder} روی آن است نتوانست بنویسد (خطای ورودی/خروجی دیسک): دیسک را بررسی کنید و سپس کارزار را "
        "ادامه دهید",
    "the journal {path} cannot be written (read-only file, folder or disk): make it writable, then try again":
        "دفتر ثبت {path} نوشتنی نیست (پرونده، پوشه یا دیسک فقط‌خواندنی است): آن را نوشتنی کنید و دوباره امتحان کنید",
    "the journal {path} is damaged: move it aside (a new one is started) or restore it from a backup":
        "دفتر ثبت {path} آسیب دیده است: آن را جابه‌جا کنید (دفتر تازه‌ای آغاز می‌شود) یا از نسخهٔ پشتیبان برگردانید",
    "the journal {path} is locked by another program: close it and try again":
        "دفتر ثبت {path} در دست برنامهٔ دیگری است: آن را ببندید و دوباره امتحان کنید",
    "the journal {path} cannot be opened: check that {folder} exists and is writable":
        "دفتر ثبت {path} باز نمی‌شود: بررسی کنید که {folder} وجود دارد و نوشتنی است",
    "the disk holding {folder} is full, so the campaign was not created (nothing was stored or sent): free some "
    "space, then send it again":
        "دیسکی که {folder} روی آن است پر است، پس کارزار ساخته نشد (چیزی ذخیره یا فرستاده نشد): جا باز کنید و سپس "
        "دوباره بفرستید",
    "the journal {path} failed: {detail}": "دفتر ثبت {path} خطا داد: {detail}",
    "Team store (shared with the other desktops of this account)":
        "پایگاه مشترک تیم (مشترک با رایانه‌های دیگرِ همین حساب)",
    "Team store address": "نشانی پایگاه مشترک تیم",
    "Team store password": "گذرواژهٔ پایگاه مشترک تیم",
    "Check team store": "بررسی پایگاه مشترک",
    "Copy this desktop's campaigns into it": "رونوشت کارزارهای این رایانه در آن",
    "Address:": "نشانی:",
    "Password:": "گذرواژه:",
    "Do not put the password in the address: type it in the password field (it is kept in the keyring).":
        "گذرواژه را در نشانی ننویسید: آن را در خانهٔ گذرواژه وارد کنید (در جاکلیدی نگه داشته می‌شود).",
    "Type the team store's address first.": "ابتدا نشانی پایگاه مشترک تیم را وارد کنید.",
    "Connecting to the team store…": "در حال اتصال به پایگاه مشترک تیم…",
    "The team store {0} answers: {1} campaigns.": "پایگاه مشترک تیم {0} پاسخ می‌دهد: {1} کارزار.",
    "Copying…": "در حال رونوشت…",
    "Copied {0} campaigns and {1} suppressed numbers; {2} campaigns were there already.":
        "{0} کارزار و {1} شمارهٔ فهرست ممنوع رونوشت شد؛ {2} کارزار از پیش آنجا بود.",
    "The window uses the team store {0} from its next start (campaigns being sent go on); Copy moves this desktop's "
    "campaigns into it.":
        "پنجره از اجرای بعدی، پایگاه مشترک تیم {0} را به کار می‌برد (کارزارهای در حال ارسال ادامه می‌یابند)؛ با "
        "«رونوشت» کارزارهای این رایانه به آن منتقل می‌شوند.",
    "The window uses this desktop's own journal from its next start.":
        "پنجره از اجرای بعدی، دفتر ثبت خود این رایانه را به کار می‌برد.",
    " — team store {0}": " — پایگاه مشترک تیم {0}",
    "Made by": "سازنده",

    # The manager's rules (issue 21).
    "the frequency cap: this number got {count} messages in the last {days} days":
        "سقف دفعات ارسال: این شماره در {days} روز گذشته {count} پیام گرفته است",
    "{0} of these {1} recipients already got as many messages as the frequency cap allows ({2} in {3} days): they "
    "will be skipped.":
        "{0} نفر از این {1} گیرنده به اندازهٔ سقف دفعات ارسال پیام گرفته‌اند ({2} پیام در {3} روز): برایشان فرستاده "
        "نمی‌شود.",
    "Approve…": "تأیید…",
    "Reject": "رد کردن",
    "by {0}: {1}": "توسط {0}: {1}",
    "Reject…": "رد…",
    "Approval:": "تأیید:",
    "Reject campaign {0}": "رد کارزار {0}",
    "Why? Its maker reads this:": "چرا؟ سازندهٔ کارزار این را می‌خواند:",
    "Nothing was changed.": "چیزی تغییر نکرد.",
    "Approver password": "گذرواژهٔ تأییدکننده",
    "The approver password:": "گذرواژهٔ تأییدکننده:",
    "You may not approve campaigns: ask an approver ({0}).":
        "شما اجازهٔ تأیید کارزار ندارید: از یک تأییدکننده بخواهید ({0}).",
    "by password": "با گذرواژه",
    "Campaign {0} is approved: Resume sends it.": "کارزار {0} تأیید شد: «ادامه» آن را می‌فرستد.",
    "Campaign {0} is rejected.": "کارزار {0} رد شد.",
    "Campaign {0} has nothing to approve: it needs no approval, or it has ended.":
        "کارزار {0} چیزی برای تأیید ندارد: یا به تأیید نیاز ندارد یا پایان یافته است.",
    "Campaign {0} was rejected by {1}: {2}": "کارزار {0} را {1} رد کرد: {2}",
    "Campaign {0} awaits approval: nothing is sent until an approver approves it in History; then Resume sends it.":
        "کارزار {0} در انتظار تأیید است: تا یک تأییدکننده آن را در «تاریخچه» تأیید نکند چیزی فرستاده نمی‌شود؛ سپس "
        "«ادامه» آن را می‌فرستد.",
    "capped": "رسیده به سقف ارسال",
    "awaiting approval": "در انتظار تأیید",
    "rejected": "ردشده",

    # Campaign reports (issue 21).
    "Campaign report": "گزارش کارزار",
    "Campaign {0}: {1}": "کارزار {0}: {1}",
    "Started by": "آغازکننده",
    "Bot": "بات",
    "Report made": "زمان تهیهٔ گزارش",
    "So far: the campaign is still being sent (figures of {0}).":
        "تا این لحظه: کارزار هنوز در حال ارسال است (ارقامِ {0}).",
    "Imported rows": "ردیف‌های واردشده",
    "With a message": "دارای پیام",
    "Unknown (answer lost)": "نامعلوم (پاسخ نرسید)",
    "Not sent yet": "هنوز فرستاده‌نشده",
    "Not sent (cancelled)": "فرستاده‌نشده (لغو شد)",
    "Skipped: {0}": "کنارگذاشته: {0}",
    "Delivery funnel": "قیف تحویل",
    "Sends per hour (Tehran time)": "ارسال در هر ساعت (به وقت تهران)",
    "Sends per minute (Tehran time)": "ارسال در هر دقیقه (به وقت تهران)",
    "Sends per day (Tehran time)": "ارسال در هر روز (به وقت تهران)",
    "Minute": "دقیقه",
    "Day": "روز",
    "No message was sent yet.": "هنوز پیامی فرستاده نشده است.",
    "Errors by code": "خطاها بر پایهٔ کد",
    "No errors.": "خطایی نبود.",
    "Code {0}": "کد {0}",
    "Cost and balance": "هزینه و اعتبار",
    "No prices are set.": "قیمتی تعیین نشده است.",
    "Balance before": "اعتبار پیش از ارسال",
    "Balance after": "اعتبار پس از ارسال",
    "not reported": "گزارش نشده",
    "Duration": "مدت",
    "Average rate": "آهنگ میانگین",
    "{0} messages a minute": "{0} پیام در دقیقه",
    "{0} messages a second": "{0} پیام در ثانیه",
    "Pauses": "توقف‌ها",
    "No pauses.": "توقفی نبود.",
    "{0} by {1}": "{0} به دست {1}",
    "Campaigns from {0} to {1}": "کارزارهای {0} تا {1}",
    "Total": "جمع",
    "Report…": "گزارش…",
    "Save the report": "ذخیرهٔ گزارش",
    "PDF (*.pdf);;Excel workbook (*.xlsx)": "PDF (*.pdf);;کارپوشهٔ اکسل (*.xlsx)",
    "Report written to {0}": "گزارش در {0} نوشته شد",
    "—": "—",
    "Figures": "ارقام",
    "Hour": "ساعت",
    "Messages": "پیام‌ها",
    "Count": "تعداد",
    "Reason": "دلیل",
    "What": "چه",
    "Who": "چه کسی",
    "pause asked": "درخواست توقف",
    "cancel asked": "درخواست لغو",

    # Repeating campaigns (issue 21).
    "the last balance the service reported ({balance}) would not pay for this run's {count} messages; it starts once "
    "a balance check shows enough":
        "آخرین اعتباری که سرویس گزارش داد ({balance}) هزینهٔ {count} پیامِ این نوبت را نمی‌پوشاند؛ وقتی بررسی اعتبار "
        "مقدار کافی نشان دهد آغاز می‌شود",
    "campaign {campaign} was made, but there is no API access key for {url}: resume it by hand":
        "کارزار {campaign} ساخته شد، اما کلید دسترسی API برای {url} نیست: آن را خودتان ادامه دهید",
    "every day at {0}": "هر روز ساعت {0}",
    "every {0} at {1}": "هر {0} ساعت {1}",
    "every Jalali month": "هر ماه خورشیدی",
    "every month": "هر ماه",
    "on day {0} of {1} at {2}": "روز {0}ِ {1}، ساعت {2}",
    "Monday": "دوشنبه", "Tuesday": "سه‌شنبه", "Wednesday": "چهارشنبه", "Thursday": "پنجشنبه", "Friday": "جمعه",
    "Saturday": "شنبه", "Sunday": "یکشنبه",
    "Never": "هرگز",
    "Every day": "هر روز",
    "Every week on": "هر هفته در",
    "Every month on day": "هر ماه در روز",
    "Day of the week": "روز هفته",
    "Day of the month": "روز ماه",
    "Repeat at": "ساعت تکرار",
    "at": "ساعت",
    "Repeat": "تکرار",
    "Repeat:": "تکرار:",
    "The repeating campaign cannot start: {0}": "کارزار تکرارشونده آغاز نمی‌شود: {0}",
    "Repeating campaign {0} made: {1}. Each run reads the sheet again and is sent in the background, also with the "
    "window closed (see Repeating).":
        "کارزار تکرارشوندهٔ {0} ساخته شد: {1}. هر نوبت برگه را دوباره می‌خواند و در پس‌زمینه فرستاده می‌شود، با "
        "پنجرهٔ بسته هم (بخش «تکرارشونده» را ببینید).",
    "Repeating campaign {0} is made from this draft; New campaign starts another.":
        "کارزار تکرارشوندهٔ {0} از همین پیش‌نویس ساخته شده است؛ برای ساختن یکی دیگر «کارزار تازه» را بزنید.",
    "Series": "سری",
    "Next run (Tehran time)": "نوبت بعد (به وقت تهران)",
    "Repeating campaigns": "کارزارهای تکرارشونده",
    "Each run reads its sheet again and is sent in the background, also with the window closed. Make one on the "
    "review step: Repeat.":
        "هر نوبت برگه‌اش را دوباره می‌خواند و در پس‌زمینه فرستاده می‌شود، با پنجرهٔ بسته هم. در گام بازبینی با "
        "«تکرار» یکی بسازید.",
    "Choose a series in the list first.": "ابتدا یک سری را در فهرست برگزینید.",
    "Series {0}: {1}.": "سری {0}: {1}.",
    "Repeating": "تکرارشونده",
    "active": "فعال",
    "stopped": "پایان‌یافته",

    # The rules box (issue 21).
    "Rules for every campaign": "قاعده‌های همهٔ کارزارها",
    "At most": "حداکثر",
    "Messages to one number at most": "حداکثر پیام به یک شماره",
    "In this many days": "در این تعداد روز",
    "from any bot": "از هر باتی",
    "count one-time passwords too": "رمزهای یک‌بارمصرف هم شمرده شوند",
    "Campaigns need approval by": "کارزارها به تأیید این افراد نیاز دارند",
    "user or user@machine, separated by commas": "کاربر یا user@machine، جداشده با ویرگول",
    "Approvers": "تأییدکنندگان",
    "an approver password (optional; leave empty to keep)": "گذرواژهٔ تأییدکننده (اختیاری؛ برای حفظ قبلی خالی بگذارید)",
    "Save the rules": "ذخیرهٔ قاعده‌ها",
    "messages to one number in": "پیام به یک شماره در",
    "days (Tehran calendar days)": "روز (روزهای تقویمی به وقت تهران)",
    "Nobody could approve a campaign: name an approver or set an approver password.":
        "هیچ‌کس نمی‌تواند کارزاری را تأیید کند: یک تأییدکننده نام ببرید یا گذرواژهٔ تأییدکننده بگذارید.",
    "The rules are saved; every campaign from now on follows them.":
        "قاعده‌ها ذخیره شد؛ همهٔ کارزارها از این پس از آن‌ها پیروی می‌کنند.",

    # the suppression list panel
    "Suppression list": "فهرست ممنوع",
    "Numbers on this list are never messaged: every campaign skips them, one that is already sending too.":
        "به شماره‌های این فهرست هرگز پیامی فرستاده نمی‌شود: همهٔ کارزارها، حتی کارزاری که در حال ارسال است، از آن‌ها می‌گذرند.",
    "Numbers to add or take off: one per line, or several separated by commas, e.g. {0}":
        "شماره‌هایی برای افزودن یا برداشتن: هر کدام در یک سطر، یا چند شماره جداشده با ویرگول، مانند {0}",
    "Numbers to add or take off": "شماره‌هایی برای افزودن یا برداشتن",
    "Add to the list": "افزودن به فهرست",
    "Take off the list": "برداشتن از فهرست",
    "Add a sheet's numbers…": "افزودن شماره‌های یک صفحه‌گسترده…",
    "Take the selected off": "برداشتن شماره‌های برگزیده",
    "Find a number": "یافتن شماره",
    "Numbers on the suppression list": "شماره‌های فهرست ممنوع",
    "{0} numbers are on the list.": "{0} شماره در فهرست است.",
    "{0} of {1} numbers match.": "{0} از {1} شماره جور است.",
    "The first {0} are shown; Find narrows them.": "{0} شمارهٔ نخست نشان داده شده است؛ «یافتن» آن‌ها را کمتر می‌کند.",
    "Type or paste the numbers to add first.": "نخست شماره‌هایی را که باید افزوده شوند بنویسید یا جای‌گذاری کنید.",
    "{0} added, {1} already on the list.": "{0} افزوده شد، {1} از پیش در فهرست بود.",
    "Type or choose the numbers to take off first.": "نخست شماره‌هایی را که باید برداشته شوند بنویسید یا برگزینید.",
    "{0} taken off the list.": "{0} از فهرست برداشته شد.",
    "Not a usable number: {0}": "شمارهٔ نادرست: {0}",
    "; ": "؛ ",
    "{0}: {1} added, {2} already on the list, {3} rows without a usable number.":
        "{0}: {1} افزوده شد، {2} از پیش در فهرست بود، {3} ردیف بی شمارهٔ درست.",
    "The suppression list was written to {0}": "فهرست ممنوع در {0} نوشته شد",
    "Add a sheet's numbers to the suppression list": "افزودن شماره‌های یک صفحه‌گسترده به فهرست ممنوع",
    "Export the suppression list": "خروجی گرفتن از فهرست ممنوع",
}

#: Strings the code passes to tr() at run time, by the context that translates them.
# Members and roles of a team store, fencing and a journal that vanished (docs/team.md).
FA.update({
    "You made campaign {0}: another approver must approve or reject it.":
        "کارزار {0} را خودتان ساخته‌اید: تأیید یا رد آن با تأییدکنندهٔ دیگری است.",
    "Approve campaign {0} ({1}), made by {2}? Its {3} recipients can then be sent.":
        "کارزار {0} ({1}) ساختهٔ {2} تأیید شود؟ پس از آن می‌توان برای {3} گیرنده‌اش فرستاد.",
    "Approve campaign {0}": "تأیید کارزار {0}",
    "Team": "تیم",
    " — team store {0}, as {1} ({2})": " — پایگاه مشترک تیم {0}، با نام {1} ({2})",
    "Campaigns need approval by a member with the approver role":
        "کارزارها به تأیید عضوی با نقش تأییدکننده نیاز دارند",
    "The team's admins set these rules; you are {0}.": "این قواعد را مدیران تیم تعیین می‌کنند؛ نقش شما: {0}.",
    "Member": "عضو",
    "Role": "نقش",
    "Members": "اعضا",
    "Member's login": "نام کاربری عضو",
    "their login: lower-case letters, digits, _ . -": "نام کاربری: حروف کوچک لاتین، رقم، _ . -",
    "Their password": "گذرواژهٔ عضو",
    "a password for a new login (empty: keep theirs)": "گذرواژه برای نام کاربری تازه (خالی: گذرواژهٔ فعلی بماند)",
    "Add or change role": "افزودن یا تغییر نقش",
    "Remove from the team": "حذف از تیم",
    "Login:": "نام کاربری:",
    "Role:": "نقش:",
    "viewer (reads)": "بیننده (فقط خواندن)",
    "sender (makes and sends campaigns)": "فرستنده (ساخت و ارسال کارزار)",
    "approver (also approves others' campaigns)": "تأییدکننده (تأیید کارزارهای دیگران نیز)",
    "admin (also the rules and the members)": "مدیر (قواعد و اعضا نیز)",
    "owner of the store": "مالک پایگاه",
    "no role": "بدون نقش",
    "This desktop keeps its campaigns in its own journal. A team store has members, each with a role: Profiles and "
    "bots → Team store (docs/team.md).":
        "این رایانه کارزارهایش را در دفتر خودش نگه می‌دارد. پایگاه مشترک تیم اعضایی دارد که هر کدام نقشی دارند: «نمایه‌ها و "
        "ربات‌ها» ← «پایگاه مشترک تیم» (docs/team.md).",
    "You are {0}, {1}, on the team store {2}.": "شما {0} هستید، با نقش {1}، در پایگاه مشترک تیم {2}.",
    "Type the member's login first.": "اول نام کاربری عضو را بنویسید.",
    "{0} is now {1}.": "نقش {0} اکنون {1} است.",
    "{0} has no role on the team store any more.": "{0} دیگر نقشی در پایگاه مشترک تیم ندارد.",
    "the team store {store} does not let {user} do this ({detail}): a team admin gives each member the role they "
    "need (safir-campaign team list; docs/team.md, \"Members and roles\")":
        "پایگاه مشترک تیم {store} این کار را به {user} اجازه نمی‌دهد ({detail}): مدیر تیم نقش لازم را به هر عضو می‌دهد "
        "(safir-campaign team list؛ docs/team.md، بخش «اعضا و نقش‌ها»)",
    "the team store {store} must be brought up to this version of the app (schema {version}) by its owner, {owner}: "
    "ask them to open it once with this version":
        "پایگاه مشترک تیم {store} باید به دست مالکش، {owner}، با این نسخهٔ برنامه (طرح {version}) به‌روز شود: از او "
        "بخواهید یک بار آن را با این نسخه باز کند",
    "the team store {store} now keeps its members as database roles, and its owner {owner} needs the right to "
    "create them: as a PostgreSQL superuser run ALTER ROLE {owner} CREATEROLE, then open the store again "
    "(docs/team.md)":
        "پایگاه مشترک تیم {store} اکنون اعضا را به شکل نقش‌های پایگاه داده نگه می‌دارد و مالکش {owner} باید اجازهٔ ساختن "
        "آن‌ها را داشته باشد: با کاربر ارشد PostgreSQL دستور ALTER ROLE {owner} CREATEROLE را اجرا کنید و پایگاه را "
        "دوباره باز کنید (docs/team.md)",
    "the journal's log {path} was deleted while this window had it open: what the window held was written into "
    "the journal, and the window reads and writes it no more. Close the app and open it again":
        "پروندهٔ ثبت دفتر {path} هنگامی که این پنجره آن را باز داشت پاک شد: آنچه پنجره داشت در دفتر نوشته شد و "
        "پنجره دیگر از آن نمی‌خواند و در آن نمی‌نویسد. برنامه را ببندید و دوباره باز کنید.",
    "the journal {path} is gone, though this folder held one: a new journal would know nothing of what was sent, "
    "and sending the same sheet again would message everyone twice. Restore the journal from a backup; to start an "
    "empty journal on purpose, delete {path}.held too":
        "دفتر ثبت {path} از میان رفته است، هرچند این پوشه دفتر ثبتی داشت: دفتر ثبت تازه از آنچه فرستاده شده خبر ندارد "
        "و فرستادن دوبارهٔ همان فهرست به همه دو بار پیام می‌دهد. دفتر ثبت را از نسخهٔ پشتیبان برگردانید؛ برای آغاز "
        "عمدی یک دفتر ثبت خالی، {path}.held را هم حذف کنید",
    "the campaign's lock {path} was deleted or replaced while it was sending: sending stopped at once, so that no "
    "second sender sends beside it. The journal is intact: resume the campaign to send the rest (nobody gets it "
    "twice)":
        "قفل کارزار {path} هنگام ارسال حذف یا جایگزین شد: ارسال بی‌درنگ متوقف شد تا فرستنده‌ی دومی هم‌زمان با آن "
        "نفرستد. دفتر ثبت سالم است: برای فرستادن بقیه، کارزار را از سر بگیرید (به هیچ‌کس دو بار نمی‌رسد)",
    "the journal's log {path} was deleted while it was in use: sending stopped at once, and what the log held was "
    "written into the journal. Resume the campaign to send the rest":
        "گزارش تغییرات دفتر ثبت {path} هنگام کار حذف شد: ارسال بی‌درنگ متوقف شد و آنچه در آن بود در دفتر ثبت نوشته شد. "
        "برای فرستادن بقیه، کارزار را از سر بگیرید",
    "the journal {path} was deleted or replaced while it was in use: sending stopped at once. A new journal knows "
    "nothing of what was sent, so do not send the same sheet again (everyone would get it twice): restore the "
    "journal from a backup, or see the log of what was sent":
        "دفتر ثبت {path} هنگام کار حذف یا جایگزین شد: ارسال بی‌درنگ متوقف شد. دفتر ثبت تازه از آنچه فرستاده شده خبر ندارد، "
        "پس همان فهرست را دوباره نفرستید (همه دو بار دریافت می‌کنند): دفتر ثبت را از نسخهٔ پشتیبان برگردانید یا گزارش "
        "ارسال‌ها را ببینید",
    "this needs the {role} role on the team store, and {member} is {has}: a team admin can give it "
    "(safir-campaign team role {member} {role})":
        "این کار در پایگاه مشترک تیم نقش {role} می‌خواهد و نقش {member} {has} است: مدیر تیم می‌تواند آن را بدهد "
        "(safir-campaign team role {member} {role})",
    "{member} may not do this on the team store ({detail}): it needs the {role} role, which a team admin can give "
    "(safir-campaign team role {member} {role})":
        "{member} اجازهٔ این کار را در پایگاه مشترک تیم ندارد ({detail}): نقش {role} لازم است که مدیر تیم می‌تواند بدهد "
        "(safir-campaign team role {member} {role})",
    "the audit trail can only be added to: nobody but the store's owner changes or deletes it":
        "به سابقهٔ رویدادها فقط می‌توان افزود: هیچ‌کس جز مالک پایگاه آن را تغییر نمی‌دهد یا پاک نمی‌کند",
    "{member} made this campaign: another approver must approve or reject it":
        "این کارزار را {member} ساخته است: تأیید یا رد آن با تأییدکنندهٔ دیگری است",
    "there is no campaign {campaign} (see: safir-campaign list)": "کارزار {campaign} وجود ندارد (ببینید: safir-campaign list)",
    "campaign {campaign} needs no approval": "کارزار {campaign} به تأیید نیاز ندارد",
    "the campaign is {status}; there is nothing to approve or reject": "کارزار {status} است؛ چیزی برای تأیید یا رد نیست",
    "say why it is rejected (--reason): the sentence goes back to whoever made it":
        "بنویسید چرا رد می‌شود (--reason): این جمله به سازندهٔ کارزار می‌رسد",
    "{role} is not a role: viewer, sender, approver or admin": "{role} نقش نیست: بیننده، فرستنده، تأییدکننده یا مدیر",
    "{member} owns the team store: its role cannot change": "{member} مالک پایگاه مشترک تیم است: نقشش تغییر نمی‌کند",
    "{member} is the team's last admin: make someone else admin first":
        "{member} آخرین مدیر تیم است: اول کس دیگری را مدیر کنید",
    "{member} cannot be a member's name: use lower-case letters, digits, _ . or -, starting with a letter":
        "{member} نمی‌تواند نام عضو باشد: از حروف کوچک لاتین، رقم، _ . یا - استفاده کنید و با حرف شروع کنید",
    "{member} is new to the store's server: give them a password (--password-stdin)":
        "{member} در سرور پایگاه تازه است: برایش گذرواژه بگذارید (--password-stdin)",
    "{member} is not a member of this team": "{member} عضو این تیم نیست",
    "a copy of a desktop's journal writes only the campaigns it copies in ({table} of another was refused)":
        "رونوشت دفترِ یک رایانه فقط کارزارهایی را می‌نویسد که خودش می‌آورد (نوشتن در {table} کارزار دیگری پذیرفته نشد)",
    "campaign {campaign} is still being made by {member}: nobody else changes it until it is ready":
        "کارزار {campaign} هنوز در دست ساختِ {member} است: تا آماده نشده، کس دیگری آن را تغییر نمی‌دهد",
    "campaign {campaign} is not approved: it is sent only once an approver approves it (safir-campaign approve "
    "{campaign})":
        "کارزار {campaign} تأیید نشده است: فقط پس از تأیید یک تأییدکننده فرستاده می‌شود (safir-campaign approve "
        "{campaign})",
    "campaign {campaign}: name the bot (--bot-id) or the template (--template) to change":
        "کارزار {campaign}: بات (--bot-id) یا قالبی (--template) را که باید عوض شود نام ببرید",
    "the team's setting {setting} keeps its name: change its value instead":
        "نام تنظیم {setting} تیم عوض نمی‌شود: مقدارش را تغییر دهید",
    "on a team store the approvers are the members with the approver role (safir-campaign team role NAME approver), "
    "not names in the rule":
        "در پایگاه مشترک تیم، تأییدکنندگان اعضایی با نقش تأییدکننده‌اند (safir-campaign team role NAME approver)، نه نام‌هایی "
        "در قاعده",
    "viewer": "بیننده",
    "sender": "فرستنده",
    "approver": "تأییدکننده",
    "admin": "مدیر",
    "owner": "مالک",
})

FA.update({
    "{count} numbers locked at once: a batch of sends locks at most 10,000":
        "{count} شماره یک‌جا قفل شد: هر دسته از ارسال‌ها دست‌بالا ۱۰٬۰۰۰ شماره را قفل می‌کند",
    "\"{action}\" is written into the audit trail by the team store itself, never by a member":
        "«{action}» را خود پایگاه مشترک تیم در سابقهٔ رویدادها می‌نویسد، نه هیچ عضوی",
    "{member} cannot be a member: only a plain login can (not a superuser, a role that manages roles or databases, "
    "or a team store's group role)":
        "{member} نمی‌تواند عضو باشد: فقط یک نام کاربری ساده می‌تواند (نه کاربر ارشد، نه نقشی که نقش‌ها یا پایگاه‌ها را "
        "اداره می‌کند، نه نقش گروهی یک پایگاه مشترک)",
    "{member}'s login was not made by this team store: they keep their own password (give the role without one)":
        "نام کاربری {member} را این پایگاه مشترک نساخته است: گذرواژه‌اش همان می‌ماند (نقش را بدون گذرواژه بدهید)",
    "the role {role} already exists and was not made as this team store's group: rename the database or drop that "
    "role (docs/team.md)":
        "نقش {role} از پیش وجود دارد و به‌عنوان گروه این پایگاه مشترک ساخته نشده است: نام پایگاه داده را عوض کنید یا آن "
        "نقش را حذف کنید (docs/team.md)",
    "there is no repeating campaign {series} (see: safir-campaign series list)":
        "کارزار تکرارشوندهٔ {series} وجود ندارد (ببینید: safir-campaign series list)",
    "repeating campaign {series} is {member}'s: only its maker or an admin changes it":
        "کارزار تکرارشوندهٔ {series} از آنِ {member} است: فقط سازنده‌اش یا مدیر آن را تغییر می‌دهد",
    "the team store's owner {owner} is a superuser: the store's functions run as its owner, so it must be a plain "
    "login that may create roles (docs/team.md, \"Starting a team store\")":
        "مالک پایگاه مشترک تیم، {owner}، کاربر ارشد است: تابع‌های پایگاه با دسترسی مالک اجرا می‌شوند، پس مالک باید "
        "نام کاربری ساده‌ای باشد که بتواند نقش بسازد (docs/team.md، بخش «راه‌اندازی پایگاه مشترک»)",
})

FA.update({
    "campaign {campaign} is {status}: it cannot go back to being made, nor a finished or cancelled one start again "
    "(make a retry or a new campaign)":
        "کارزار {campaign} {status} است: نه به مرحلهٔ ساخت برمی‌گردد و نه کارزار تمام‌شده یا لغوشده از نو آغاز می‌شود (کارزار "
        "تلاش دوباره یا کارزار تازه‌ای بسازید)",
    "campaign {campaign} is to be cancelled: a cancel asked stays asked":
        "کارزار {campaign} در حال لغو است: درخواست لغو پس گرفته نمی‌شود",
    "row {row} of campaign {campaign} takes a request id that another phone or message has (or another bot's): the "
    "service would drop one of the two as a repeat":
        "ردیف {row} کارزار {campaign} شناسهٔ درخواستی را برداشته که از آنِ شماره یا پیام (یا بات) دیگری است: سرویس یکی از آن "
        "دو را تکراری می‌داند و نمی‌فرستد",
    "campaign {campaign} still has recipients to send: it is not finished":
        "کارزار {campaign} هنوز گیرنده‌ای برای فرستادن دارد: پایان نیافته است",
    "the sender {owner} of campaign {campaign} is {member}'s: another member may only revoke it":
        "فرستندهٔ {owner} کارزار {campaign} از آنِ {member} است: عضو دیگر فقط می‌تواند آن را باطل کند",
    "{when} is not a time within 400 days for repeating campaign {series}'s next run":
        "{when} زمانی در ۴۰۰ روز آینده برای اجرای بعدی کارزار تکرارشوندهٔ {series} نیست",
    "row {row} of campaign {campaign} is not held by a sender of {member}: only the sender that holds it records it "
    "sent":
        "ردیف {row} کارزار {campaign} در دست فرستنده‌ای از {member} نیست: فقط فرستنده‌ای که آن را در دست دارد فرستاده "
        "شدنش را ثبت می‌کند",
    "a recipient of campaign {campaign} that was {status} stays so: nobody is sent a message twice":
        "گیرنده‌ای از کارزار {campaign} که {status} بود همان می‌ماند: به هیچ‌کس پیامی دو بار فرستاده نمی‌شود",
    "campaign {campaign} is {member}'s: only its maker or an admin changes it":
        "کارزار {campaign} از آنِ {member} است: فقط سازنده‌اش یا مدیر آن را تغییر می‌دهد",
    "{member} was removed from the team while sending it; another member can resume it (nothing is sent twice)":
        "{member} هنگام فرستادن آن از تیم برداشته شد؛ عضو دیگری می‌تواند آن را ادامه دهد (هیچ پیامی دو بار فرستاده نمی‌شود)",
    "The campaign could not be asked to stop: {0}": "درخواست توقف کارزار ثبت نشد: {0}",
    "campaign {campaign} is {status}; only a stopped campaign can be changed":
        "کارزار {campaign} {status} است؛ فقط کارزار متوقف‌شده را می‌توان تغییر داد",
})

DYNAMIC = {
    "ResultsModel": ["Row", "Phone as typed", "Phone", "Status", "Details", "Message id", "Campaign", "Created",
                     "Created (Tehran)",
                     "Name", "Kind", "Sent", "Failed", "Unknown", "Left", "All rows", "Show rows with status", "valid",
                     "invalid", "duplicate", "suppressed", "empty", "sent", "failed", "unknown", "pending",
                     "not_sent", "in_flight", "skipped", "repeat", "scheduled", "interrupted", "finished", "paused", "cancelled", "running", "ready", "text", "media",
                     "otp", "buttons", "template", "Starts", "Made by", "capped", "awaiting approval",
                     "rejected", "active", "stopped"],
    "MessageStep": ["Text", "Media", "One-time password", "Buttons", "Template"],
    # Qt's names of keys where its Persian catalogue misleads: Return "بازگشت" (back), Enter "ورود" (login).
    "QShortcut": ["Return", "Enter"],
    # Qt's own file dialog: the words Qt's Persian catalogue (qtbase_fa) lacks.
    "QFileDialog": ["&Look in:", "Files of &type:"],
    "QAbstractFileIconProvider": ["Folder", "Drive", "File", "%1 File"],
    "RepeatPicker": ["every day at {0}", "every {0} at {1}", "every Jalali month", "every month",
                     "on day {0} of {1} at {2}", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday",
                     "Sunday"],
}
