<?xml version='1.0' encoding='utf-8'?>
<TS version="2.1" language="fa_IR">
<context>
    <name>ApprovalBar</name>
    <message>
        <location filename="../../app/ui/panels/approval.py" line="40" />
        <source>Approve…</source>
        <translation>تأیید…</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/approval.py" line="41" />
        <source>Reject…</source>
        <translation>رد…</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/approval.py" line="46" />
        <source>Approval:</source>
        <translation>تأیید:</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/approval.py" line="78" />
        <source>Choose a campaign in the list first.</source>
        <translation>نخست کارزاری را از فهرست برگزینید.</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/approval.py" line="87" />
        <source>Reject campaign {0}</source>
        <translation>رد کارزار {0}</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/approval.py" line="88" />
        <source>Why? Its maker reads this:</source>
        <translation>چرا؟ سازندهٔ کارزار این را می‌خواند:</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/approval.py" line="88" />
        <source>Reject</source>
        <translation>رد کردن</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/approval.py" line="90" />
        <location filename="../../app/ui/panels/approval.py" line="92" />
        <location filename="../../app/ui/panels/approval.py" line="98" />
        <source>Nothing was changed.</source>
        <translation>چیزی تغییر نکرد.</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/approval.py" line="95" />
        <source>Approver password</source>
        <translation>گذرواژهٔ تأییدکننده</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/approval.py" line="95" />
        <source>The approver password:</source>
        <translation>گذرواژهٔ تأییدکننده:</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/approval.py" line="103" />
        <source>You made campaign {0}: another approver must approve or reject it.</source>
        <translation>کارزار {0} را خودتان ساخته‌اید: تأیید یا رد آن با تأییدکنندهٔ دیگری است.</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/approval.py" line="106" />
        <source>You may not approve campaigns: ask an approver ({0}).</source>
        <translation>شما اجازهٔ تأیید کارزار ندارید: از یک تأییدکننده بخواهید ({0}).</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/approval.py" line="107" />
        <source>by password</source>
        <translation>با گذرواژه</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/approval.py" line="109" />
        <source>Campaign {0} has nothing to approve: it needs no approval, or it has ended.</source>
        <translation>کارزار {0} چیزی برای تأیید ندارد: یا به تأیید نیاز ندارد یا پایان یافته است.</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/approval.py" line="115" />
        <source>Campaign {0} is approved: Resume sends it.</source>
        <translation>کارزار {0} تأیید شد: «ادامه» آن را می‌فرستد.</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/approval.py" line="117" />
        <source>Campaign {0} is rejected.</source>
        <translation>کارزار {0} رد شد.</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/approval.py" line="123" />
        <source>Approve campaign {0} ({1}), made by {2}? Its {3} recipients can then be sent.</source>
        <translation>کارزار {0} ({1}) ساختهٔ {2} تأیید شود؟ پس از آن می‌توان برای {3} گیرنده‌اش فرستاد.</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/approval.py" line="126" />
        <source>Approve campaign {0}</source>
        <translation>تأیید کارزار {0}</translation>
    </message>
</context>
<context>
    <name>BalancePanel</name>
    <message>
        <location filename="../../app/ui/panels/balance.py" line="38" />
        <source>your own number</source>
        <translation>شمارهٔ خودتان</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/balance.py" line="40" />
        <source>Your own number</source>
        <translation>شمارهٔ خودتان</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/balance.py" line="41" />
        <source>Check now…</source>
        <translation>همین حالا بررسی کن…</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/balance.py" line="45" />
        <location filename="../../app/ui/panels/balance.py" line="56" />
        <source>Balance</source>
        <translation>اعتبار</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/balance.py" line="45" />
        <source>When (Tehran)</source>
        <translation>زمان (به وقت تهران)</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/balance.py" line="47" />
        <source>Balance history</source>
        <translation>تاریخچهٔ اعتبار</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/balance.py" line="69" />
        <source>{0} messages</source>
        <translation>{0} پیام</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/balance.py" line="70" />
        <source>as reported at {0} (Tehran time)</source>
        <translation>طبق گزارش {0} (به وقت تهران)</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/balance.py" line="73" />
        <source>Not known yet</source>
        <translation>هنوز معلوم نیست</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/balance.py" line="74" />
        <source>The service reports the balance only when it sends a one-time password (v2).</source>
        <translation>سرویس اعتبار را فقط هنگام ارسال رمز یک‌بارمصرف (نسخهٔ ۲) اعلام می‌کند.</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/balance.py" line="88" />
        <source>Check the balance</source>
        <translation>بررسی اعتبار</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/balance.py" line="89" />
        <source>The service tells the balance only when it sends a one-time password, so this sends one to {0} and costs one message. Go ahead?</source>
        <translation>سرویس اعتبار را فقط هنگام ارسال رمز یک‌بارمصرف اعلام می‌کند، پس این کار یک رمز به {0} می‌فرستد و هزینهٔ یک پیام دارد. ادامه می‌دهید؟</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/balance.py" line="99" />
        <source>Not checked: type your own mobile number first.</source>
        <translation>بررسی نشد: اول شمارهٔ همراه خودتان را وارد کنید.</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/balance.py" line="101" />
        <source>Not checked: {0}.</source>
        <translation>بررسی نشد: {0}.</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/balance.py" line="114" />
        <source>The balance could not be checked: {0}</source>
        <translation>اعتبار بررسی نشد: {0}</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/balance.py" line="117" />
        <source>Balance updated.</source>
        <translation>اعتبار به‌روز شد.</translation>
    </message>
</context>
<context>
    <name>ButtonEditor</name>
    <message>
        <location filename="../../app/ui/campaign/button_editor.py" line="49" />
        <source>Label</source>
        <translation>برچسب</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/button_editor.py" line="49" />
        <source>Action</source>
        <translation>کار</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/button_editor.py" line="49" />
        <source>Address or text</source>
        <translation>نشانی یا متن</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/button_editor.py" line="50" />
        <source>Inline keyboard</source>
        <translation>صفحه‌کلید شیشه‌ای</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/button_editor.py" line="57" />
        <source>Add row</source>
        <translation>افزودن ردیف</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/button_editor.py" line="58" />
        <source>Add button</source>
        <translation>افزودن دکمه</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/button_editor.py" line="59" />
        <source>Remove</source>
        <translation>حذف</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/button_editor.py" line="60" />
        <source>Move up</source>
        <translation>بالاتر</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/button_editor.py" line="61" />
        <source>Move down</source>
        <translation>پایین‌تر</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/button_editor.py" line="105" />
        <source>Open link (url)</source>
        <translation>باز کردن پیوند (url)</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/button_editor.py" line="105" />
        <source>Open mini-app (web_app)</source>
        <translation>باز کردن مینی‌اپ (web_app)</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/button_editor.py" line="106" />
        <source>Copy text (copy_text)</source>
        <translation>کپی متن (copy_text)</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/button_editor.py" line="108" />
        <source>Button action</source>
        <translation>کار دکمه</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/button_editor.py" line="203" />
        <source>Row {0}, button {1}: needs a label.</source>
        <translation>ردیف {0}، دکمهٔ {1}: برچسب لازم دارد.</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/button_editor.py" line="205" />
        <source>Row {0}, button {1}: needs an address or a text to copy.</source>
        <translation>ردیف {0}، دکمهٔ {1}: نشانی یا متنی برای کپی لازم دارد.</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/button_editor.py" line="208" />
        <source>Row {0}, button {1}: the address must start with {2} (or {3}).</source>
        <translation>ردیف {0}، دکمهٔ {1}: نشانی باید با {2} (یا {3}) آغاز شود.</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/button_editor.py" line="220" />
        <source>Row {0}, button {1}: {2} stands in the address's host, so each row's value decides which site the link opens.</source>
        <translation>ردیف {0}، دکمهٔ {1}: {2} در نام میزبانِ نشانی آمده است، پس مقدار هر ردیف تعیین می‌کند پیوند کدام سایت را باز کند.</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/button_editor.py" line="230" />
        <source>Row {0}</source>
        <translation>ردیف {0}</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/button_editor.py" line="246" />
        <source>This button is incomplete</source>
        <translation>این دکمه کامل نیست</translation>
    </message>
</context>
<context>
    <name>CampaignPage</name>
    <message>
        <location filename="../../app/ui/campaign/wizard.py" line="214" />
        <source>Repeating campaign {0} is made from this draft; New campaign starts another.</source>
        <translation>کارزار تکرارشوندهٔ {0} از همین پیش‌نویس ساخته شده است؛ برای ساختن یکی دیگر «کارزار تازه» را بزنید.</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/wizard.py" line="357" />
        <source>Send campaign {0}'s message now to the {1} recipients it never reached, as a new campaign?</source>
        <translation>پیام کارزار {0} هم‌اکنون در کارزاری تازه به {1} گیرنده‌ای که هرگز به آن‌ها نرسید فرستاده شود؟</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/wizard.py" line="360" />
        <source>Send the rest?</source>
        <translation>باقی‌مانده فرستاده شود؟</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/wizard.py" line="367" />
        <source>Campaign {0} has nobody left to send to.</source>
        <translation>کارزار {0} گیرندهٔ باقی‌مانده‌ای ندارد.</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/creation.py" line="84" />
        <source>The repeating campaign cannot start: {0}</source>
        <translation>کارزار تکرارشونده آغاز نمی‌شود: {0}</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/creation.py" line="88" />
        <source>Repeating campaign {0} made: {1}. Each run reads the sheet again and is sent in the background, also with the window closed (see Repeating).</source>
        <translation>کارزار تکرارشوندهٔ {0} ساخته شد: {1}. هر نوبت برگه را دوباره می‌خواند و در پس‌زمینه فرستاده می‌شود، با پنجرهٔ بسته هم (بخش «تکرارشونده» را ببینید).</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/wizard.py" line="209" />
        <source>This profile has no API access key: add one in Profiles, or start with --demo.</source>
        <translation>این نمایه کلید دسترسی API ندارد: در «نمایه‌ها» اضافه کنید یا با ‎--demo‎ شروع کنید.</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/creation.py" line="59" />
        <source>Preparing the campaign…</source>
        <translation>آماده‌سازی کارزار…</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/creation.py" line="67" />
        <source>Not sent: these recipients got this message recently.</source>
        <translation>فرستاده نشد: این گیرندگان به‌تازگی همین پیام را گرفته‌اند.</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/creation.py" line="153" />
        <source>Send again?</source>
        <translation>ارسال دوباره؟</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/wizard.py" line="336" />
        <source>Campaign {0}: the rest of campaign {1}.</source>
        <translation>کارزار {0}: باقی‌ماندهٔ کارزار {1}.</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/creation.py" line="63" />
        <source>The campaign cannot start: {0}</source>
        <translation>کارزار شروع نمی‌شود: {0}</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/wizard.py" line="229" />
        <source>Campaign {0} created.</source>
        <translation>کارزار {0} ساخته شد.</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/creation.py" line="135" />
        <source>{0} of these {1} recipients got this message from this bot in the last {2} days or are still to get it ({3} still to send in a campaign not cancelled; latest: campaign {4}, {5}, {6}).</source>
        <extracomment>The series runners this window started: they go on without it (kept, not waited for).</extracomment>
        <translation>{0} نفر از این {1} گیرنده در {2} روز گذشته همین پیام را از همین بات گرفته‌اند یا هنوز باید بگیرند ({3} نفر هنوز در کارزاری لغونشده در صف ارسال‌اند؛ آخرین بار: کارزار {4}، {5}، {6}).</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/creation.py" line="142" />
        <source>{0} of these {1} recipients already got this message from this bot in the last {2} days (latest: campaign {3}, {4}, {5}).</source>
        <translation>{0} نفر از این {1} گیرنده در {2} روز گذشته همین پیام را از همین بات گرفته‌اند (آخرین بار: کارزار {3}، {4}، {5}).</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/creation.py" line="148" />
        <source>Send to everyone again</source>
        <translation>دوباره به همه بفرست</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/creation.py" line="149" />
        <source>Do not send</source>
        <translation>نفرست</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/creation.py" line="151" />
        <source>Send only to the other one</source>
        <translation>فقط به آن یک نفر دیگر بفرست</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/creation.py" line="152" />
        <source>Send only to the {0} others</source>
        <translation>فقط به {0} نفر دیگر بفرست</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/wizard.py" line="314" />
        <source>Retry campaign {0} of campaign {1}.</source>
        <translation>کارزار {0} برای تلاش دوباره روی کارزار {1}.</translation>
    </message>
</context>
<context>
    <name>CountsRow</name>
    <message>
        <location filename="../../app/ui/widgets.py" line="131" />
        <source>Recipients</source>
        <translation>گیرندگان</translation>
    </message>
    <message>
        <location filename="../../app/ui/widgets.py" line="131" />
        <source>Sent</source>
        <translation>ارسال‌شده</translation>
    </message>
    <message>
        <location filename="../../app/ui/widgets.py" line="131" />
        <source>Failed</source>
        <translation>ناموفق</translation>
    </message>
    <message>
        <location filename="../../app/ui/widgets.py" line="131" />
        <source>Left</source>
        <translation>مانده</translation>
    </message>
    <message>
        <location filename="../../app/ui/widgets.py" line="132" />
        <source>Estimated cost</source>
        <translation>هزینهٔ برآوردی</translation>
    </message>
</context>
<context>
    <name>Dialogs</name>
    <message>
        <location filename="../../app/ui/dialogs.py" line="155" />
        <source>Spreadsheets (*.csv *.txt *.xlsx *.xlsm *.xls *.ods);;All files (*)</source>
        <extracomment>The parts of Qt's own file dialog that show paths, file names, sizes and dates.</extracomment>
        <translation>صفحه‌گسترده‌ها (*.csv *.txt *.xlsx *.xlsm *.xls *.ods);;همهٔ پرونده‌ها (*)</translation>
    </message>
</context>
<context>
    <name>Durations</name>
    <message>
        <location filename="../../app/ui/formatting.py" line="54" />
        <source>{0} s</source>
        <extracomment>The service's and the report's time zone: every time the window shows is in it.</extracomment>
        <translation>{0} ثانیه</translation>
    </message>
    <message>
        <location filename="../../app/ui/formatting.py" line="57" />
        <source>{0} min</source>
        <translation>{0} دقیقه</translation>
    </message>
    <message>
        <location filename="../../app/ui/formatting.py" line="58" />
        <source>{0} h {1} min</source>
        <translation>{0} ساعت و {1} دقیقه</translation>
    </message>
</context>
<context>
    <name>HistoryPanel</name>
    <message>
        <location filename="../../app/ui/panels/history.py" line="66" />
        <source>Past campaigns</source>
        <extracomment>How often History reads a team store's campaigns again while it is shown (milliseconds).</extracomment>
        <translation>کارزارهای گذشته</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/history.py" line="68" />
        <source>Open results</source>
        <translation>دیدن نتایج</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/history.py" line="69" />
        <source>Resume</source>
        <translation>ادامه</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/history.py" line="70" />
        <source>Refresh</source>
        <translation>تازه‌سازی</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/history.py" line="71" />
        <source>Report…</source>
        <translation>گزارش…</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/history.py" line="81" />
        <source>History</source>
        <translation>تاریخچه</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/history.py" line="141" />
        <source>by {0}: {1}</source>
        <translation>توسط {0}: {1}</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/history.py" line="154" />
        <source>in {0} h {1} min</source>
        <translation>{0} ساعت و {1} دقیقهٔ دیگر</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/history.py" line="155" />
        <source>in {0} min</source>
        <translation>{0} دقیقهٔ دیگر</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/history.py" line="170" />
        <location filename="../../app/ui/panels/history.py" line="189" />
        <source>Choose a campaign in the list first.</source>
        <translation>نخست کارزاری را از فهرست برگزینید.</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/history.py" line="193" />
        <source>Campaign {0} was cancelled, so it cannot be resumed. The recipients it never reached can be sent as a new campaign: “Send the rest as a new campaign” on its Send step.</source>
        <translation>کارزار {0} لغو شده و نمی‌توان آن را ادامه داد. گیرندگانی را که به آن‌ها نرسید می‌توان در کارزاری تازه فرستاد: «ارسال باقی‌مانده در کارزاری تازه» در گام ارسال آن.</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/history.py" line="198" />
        <source>Campaign {0} is finished: every recipient has an outcome.</source>
        <translation>کارزار {0} تمام شده است: هر گیرنده نتیجه‌ای دارد.</translation>
    </message>
</context>
<context>
    <name>InboxDock</name>
    <message>
        <location filename="../../app/ui/panels/inbox.py" line="47" />
        <source>Sandbox inbox</source>
        <extracomment>Characters of a run with no space the inbox breaks after: it is a narrow dock. Fetches dropped as a dock closed, held until their cancellation has run: a task collected while still pending is logged as an error (seen with both CPUs busy).</extracomment>
        <translation>صندوق محیط آزمایشی</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/inbox.py" line="53" />
        <source>Messages the sandbox delivered</source>
        <translation>پیام‌هایی که محیط آزمایشی تحویل داد</translation>
    </message>
</context>
<context>
    <name>MainMenu</name>
    <message>
        <location filename="../../app/ui/main_menu.py" line="37" />
        <source>&amp;File</source>
        <extracomment>The interface's languages: code → the name shown in the menu (in that language).</extracomment>
        <translation>&amp;پرونده</translation>
    </message>
    <message>
        <location filename="../../app/ui/main_menu.py" line="39" />
        <source>New campaign</source>
        <translation>کارزار تازه</translation>
    </message>
    <message>
        <location filename="../../app/ui/main_menu.py" line="40" />
        <source>Open sheet…</source>
        <translation>باز کردن جدول…</translation>
    </message>
    <message>
        <location filename="../../app/ui/main_menu.py" line="41" />
        <source>Open the sample sheet</source>
        <translation>باز کردن فهرست نمونه</translation>
    </message>
    <message>
        <location filename="../../app/ui/main_menu.py" line="42" />
        <source>Export results…</source>
        <translation>خروجی نتیجه‌ها…</translation>
    </message>
    <message>
        <location filename="../../app/ui/main_menu.py" line="50" />
        <source>Send interrupted campaigns again at login</source>
        <translation>ارسال دوبارهٔ کارزارهای قطع‌شده هنگام ورود به سیستم</translation>
    </message>
    <message>
        <location filename="../../app/ui/main_menu.py" line="55" />
        <source>Quit</source>
        <translation>خروج</translation>
    </message>
    <message>
        <location filename="../../app/ui/main_menu.py" line="62" />
        <source>&amp;View</source>
        <translation>&amp;نما</translation>
    </message>
    <message>
        <location filename="../../app/ui/main_menu.py" line="63" />
        <source>Language</source>
        <translation>زبان</translation>
    </message>
    <message>
        <location filename="../../app/ui/main_menu.py" line="79" />
        <source>&amp;Help</source>
        <translation>&amp;راهنما</translation>
    </message>
    <message>
        <location filename="../../app/ui/main_menu.py" line="80" />
        <source>About Safir Campaign</source>
        <translation>دربارهٔ سفیر کارزار</translation>
    </message>
    <message>
        <location filename="../../app/ui/main_menu.py" line="81" />
        <source>Open the logs folder</source>
        <translation>باز کردن پوشهٔ گزارش‌ها</translation>
    </message>
    <message>
        <location filename="../../app/ui/main_menu.py" line="83" />
        <source>Keyboard shortcuts</source>
        <translation>میان‌برهای صفحه‌کلید</translation>
    </message>
    <message>
        <location filename="../../app/ui/main_menu.py" line="106" />
        <source>Open a campaign's results first (History), or send one.</source>
        <translation>نخست نتیجه‌های کارزاری را باز کنید (تاریخچه)، یا کارزاری بفرستید.</translation>
    </message>
    <message>
        <location filename="../../app/ui/main_menu.py" line="115" />
        <source>Sending at login</source>
        <translation>ارسال هنگام ورود</translation>
    </message>
    <message>
        <location filename="../../app/ui/main_menu.py" line="116" />
        <source>Send campaigns interrupted by a restart or a logout, and scheduled ones, again when you log in? This adds a login entry for this folder of campaigns; the File menu changes it at any time.</source>
        <translation>کارزارهایی که با راه‌اندازی دوباره یا خروج از حساب نیمه‌کاره ماندند، و کارزارهای زمان‌بندی‌شده، هنگام ورود دوباره فرستاده شوند؟ این کار برای همین پوشهٔ کارزارها یک مدخل ورود می‌افزاید؛ از منوی «پرونده» هر زمان می‌توانید آن را تغییر دهید.</translation>
    </message>
    <message>
        <location filename="../../app/ui/main_menu.py" line="129" />
        <source>The login entry could not be changed; see the log.</source>
        <translation>ورودی شروع خودکار تغییر نکرد؛ گزارش را ببینید.</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <location filename="../../app/ui/main_window.py" line="245" />
        <source>Safir campaign</source>
        <translation>کارزار سفیر</translation>
    </message>
    <message>
        <location filename="../../app/ui/main_window.py" line="87" />
        <source>Panels</source>
        <translation>بخش‌ها</translation>
    </message>
    <message>
        <location filename="../../app/ui/main_window.py" line="89" />
        <source>Campaign</source>
        <translation>کارزار</translation>
    </message>
    <message>
        <location filename="../../app/ui/main_window.py" line="89" />
        <source>Quick send</source>
        <translation>ارسال سریع</translation>
    </message>
    <message>
        <location filename="../../app/ui/main_window.py" line="90" />
        <source>Balance</source>
        <translation>اعتبار</translation>
    </message>
    <message>
        <location filename="../../app/ui/main_window.py" line="90" />
        <source>History</source>
        <translation>تاریخچه</translation>
    </message>
    <message>
        <location filename="../../app/ui/main_window.py" line="91" />
        <source>Suppression list</source>
        <translation>فهرست ممنوع</translation>
    </message>
    <message>
        <location filename="../../app/ui/main_window.py" line="92" />
        <source>Templates</source>
        <translation>قالب‌ها</translation>
    </message>
    <message>
        <location filename="../../app/ui/main_window.py" line="91" />
        <source>Repeating</source>
        <translation>تکرارشونده</translation>
    </message>
    <message>
        <location filename="../../app/ui/main_window.py" line="93" />
        <source>Profiles and bots</source>
        <translation>نمایه‌ها و بات‌ها</translation>
    </message>
    <message>
        <location filename="../../app/ui/help_boxes.py" line="36" />
        <source>New campaign</source>
        <translation>کارزار تازه</translation>
    </message>
    <message>
        <location filename="../../app/ui/help_boxes.py" line="37" />
        <source>Open sheet…</source>
        <translation>باز کردن جدول…</translation>
    </message>
    <message>
        <location filename="../../app/ui/help_boxes.py" line="38" />
        <source>Export results…</source>
        <translation>خروجی نتیجه‌ها…</translation>
    </message>
    <message>
        <location filename="../../app/ui/help_boxes.py" line="39" />
        <source>Quit</source>
        <translation>خروج</translation>
    </message>
    <message>
        <location filename="../../app/ui/help_boxes.py" line="20" />
        <source>About Safir Campaign</source>
        <translation>دربارهٔ سفیر کارزار</translation>
    </message>
    <message>
        <location filename="../../app/ui/help_boxes.py" line="49" />
        <source>Keyboard shortcuts</source>
        <translation>میان‌برهای صفحه‌کلید</translation>
    </message>
    <message>
        <location filename="../../app/ui/help_boxes.py" line="22" />
        <source>&lt;b&gt;Safir Campaign&lt;/b&gt; {0}&lt;br&gt;Message campaigns through Bale's business messaging service.&lt;br&gt;&lt;br&gt;App id: {1}&lt;br&gt;Data and logs: {2}</source>
        <translation>&lt;b&gt;سفیر کارزار&lt;/b&gt; {0}&lt;br&gt;کارزارهای پیام از راه سرویس پیام‌رسانی تجاری بله.&lt;br&gt;&lt;br&gt;شناسهٔ برنامه: {1}&lt;br&gt;داده‌ها و گزارش‌ها: {2}</translation>
    </message>
    <message>
        <location filename="../../app/ui/help_boxes.py" line="40" />
        <source>Next step</source>
        <translation>گام بعدی</translation>
    </message>
    <message>
        <location filename="../../app/ui/help_boxes.py" line="41" />
        <source>Previous step</source>
        <translation>گام قبلی</translation>
    </message>
    <message>
        <location filename="../../app/ui/help_boxes.py" line="42" />
        <source>Send a test to this number</source>
        <translation>ارسال آزمایشی به این شماره</translation>
    </message>
    <message>
        <location filename="../../app/ui/help_boxes.py" line="43" />
        <source>Start</source>
        <translation>شروع</translation>
    </message>
    <message>
        <location filename="../../app/ui/help_boxes.py" line="44" />
        <source>Pause</source>
        <translation>مکث</translation>
    </message>
    <message>
        <location filename="../../app/ui/help_boxes.py" line="45" />
        <source>Resume</source>
        <translation>ادامه</translation>
    </message>
    <message>
        <location filename="../../app/ui/help_boxes.py" line="46" />
        <source>Cancel</source>
        <translation>لغو</translation>
    </message>
    <message>
        <location filename="../../app/ui/help_boxes.py" line="60" />
        <source>, </source>
        <translation>، </translation>
    </message>
    <message>
        <location filename="../../app/ui/main_window.py" line="173" />
        <source>built-in sandbox</source>
        <translation>محیط آزمایشی داخلی</translation>
    </message>
    <message>
        <location filename="../../app/ui/main_window.py" line="174" />
        <source> — no API access key yet: add one in Profiles</source>
        <translation> — هنوز کلید دسترسی API ندارد: در «نمایه‌ها» اضافه کنید</translation>
    </message>
    <message>
        <location filename="../../app/ui/main_window.py" line="357" />
        <source>Sandbox (demo)</source>
        <translation>محیط آزمایشی (نمایشی)</translation>
    </message>
    <message>
        <location filename="../../app/ui/main_window.py" line="175" />
        <source>Profile {0}: {1}{2}</source>
        <translation>نمایهٔ {0}: {1}{2}</translation>
    </message>
    <message>
        <location filename="../../app/ui/main_window.py" line="270" />
        <source>Pause and quit? Paused campaigns can be resumed from History; nothing is sent twice.</source>
        <translation>مکث کنیم و بیرون برویم؟ کارزار مکث‌شده را می‌توان از تاریخچه ادامه داد؛ هیچ پیامی دو بار فرستاده نمی‌شود.</translation>
    </message>
    <message>
        <location filename="../../app/ui/main_window.py" line="274" />
        <source>Campaign {0} waits for its start time ({1}) and starts only while the app is open.</source>
        <translation>کارزار {0} در انتظار زمان شروع خود است ({1}) و تنها وقتی برنامه باز باشد آغاز می‌شود.</translation>
    </message>
    <message>
        <location filename="../../app/ui/main_window.py" line="276" />
        <source>Stay open and keep sending</source>
        <translation>باز ماندن و ادامهٔ ارسال</translation>
    </message>
    <message>
        <location filename="../../app/ui/main_window.py" line="279" />
        <source>Keep sending from the system tray</source>
        <translation>ادامهٔ ارسال از سینی سیستم</translation>
    </message>
    <message>
        <location filename="../../app/ui/main_window.py" line="280" />
        <location filename="../../app/ui/main_window.py" line="303" />
        <source>A campaign is being sent</source>
        <translation>کارزاری در حال ارسال است</translation>
    </message>
    <message>
        <location filename="../../app/ui/main_window.py" line="295" />
        <source>One campaign is being sent.</source>
        <translation>یک کارزار در حال ارسال است.</translation>
    </message>
    <message>
        <location filename="../../app/ui/main_window.py" line="296" />
        <source>{0} campaigns are being sent.</source>
        <translation>{0} کارزار در حال ارسال است.</translation>
    </message>
    <message>
        <location filename="../../app/ui/main_window.py" line="300" />
        <source>Sending can go on in the background with the window closed (the window shows it again when it opens), or pause now and resume from History; nothing is sent twice.</source>
        <translation>ارسال می‌تواند با پنجرهٔ بسته در پس‌زمینه ادامه پیدا کند (پنجره هنگام باز شدن دوباره نشانش می‌دهد)، یا همین حالا متوقف شود و بعداً از «تاریخچه» ادامه یابد؛ هیچ پیامی دو بار فرستاده نمی‌شود.</translation>
    </message>
    <message>
        <location filename="../../app/ui/main_window.py" line="359" />
        <source>production</source>
        <translation>سرویس اصلی</translation>
    </message>
    <message>
        <location filename="../../app/ui/main_window.py" line="93" />
        <source>Team</source>
        <translation>تیم</translation>
    </message>
    <message>
        <location filename="../../app/ui/main_window.py" line="247" />
        <source>Sandbox</source>
        <translation>محیط آزمایشی</translation>
    </message>
    <message>
        <location filename="../../app/ui/main_window.py" line="92" />
        <source>SMS replies</source>
        <translation>پاسخ‌های پیامکی</translation>
    </message>
    <message>
        <location filename="../../app/ui/main_window.py" line="184" />
        <source> — team store {0}, as {1} ({2})</source>
        <translation> — پایگاه مشترک تیم {0}، با نام {1} ({2})</translation>
    </message>
    <message>
        <location filename="../../app/ui/main_window.py" line="276" />
        <location filename="../../app/ui/main_window.py" line="302" />
        <source>Pause and quit</source>
        <translation>مکث و خروج</translation>
    </message>
    <message>
        <location filename="../../app/ui/main_window.py" line="302" />
        <source>Keep sending in the background</source>
        <translation>ادامهٔ ارسال در پس‌زمینه</translation>
    </message>
    <message>
        <location filename="../../app/ui/main_window.py" line="302" />
        <source>Stay open</source>
        <translation>باز بماند</translation>
    </message>
    <message>
        <location filename="../../app/ui/application.py" line="108" />
        <source>Something went wrong and the action stopped. Nothing was sent twice. The details are in the log file in {0}.</source>
        <translation>مشکلی پیش آمد و کار متوقف شد. هیچ پیامی دو بار فرستاده نشد. جزئیات در پروندهٔ گزارش در {0} است.</translation>
    </message>
</context>
<context>
    <name>MediaPicker</name>
    <message>
        <location filename="../../app/ui/campaign/media_picker.py" line="32" />
        <source>File</source>
        <translation>پرونده</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/media_picker.py" line="37" />
        <source>Choose and upload a file…</source>
        <translation>انتخاب و بارگذاری پرونده…</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/media_picker.py" line="40" />
        <source>Upload progress</source>
        <translation>پیشرفت بارگذاری</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/media_picker.py" line="44" />
        <location filename="../../app/ui/campaign/media_picker.py" line="58" />
        <source>No file yet.</source>
        <translation>هنوز پرونده‌ای نیست.</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/media_picker.py" line="53" />
        <location filename="../../app/ui/campaign/media_picker.py" line="98" />
        <source>{0} uploaded; it is sent to every recipient.</source>
        <translation>{0} بارگذاری شد و برای همهٔ گیرندگان فرستاده می‌شود.</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/media_picker.py" line="65" />
        <source>Choose a file to send</source>
        <translation>پرونده‌ای برای ارسال انتخاب کنید</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/media_picker.py" line="76" />
        <source>Uploading {0}…</source>
        <translation>بارگذاری {0}…</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/media_picker.py" line="85" />
        <source>Upload failed: {0}</source>
        <translation>بارگذاری ناموفق بود: {0}</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/media_picker.py" line="88" />
        <source>The upload was stopped.</source>
        <translation>بارگذاری متوقف شد.</translation>
    </message>
</context>
<context>
    <name>MessageStep</name>
    <message>
        <location filename="../../app/ui/campaign/message.py" line="57" />
        <source>Message kind</source>
        <translation>نوع پیام</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/message.py" line="59" />
        <source>Send as a secure message (the recipient enters a password to read it)</source>
        <translation>ارسال به‌صورت پیام امن (گیرنده برای خواندن رمز وارد می‌کند)</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/message.py" line="61" />
        <source>Kind:</source>
        <translation>نوع:</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/message.py" line="80" />
        <location filename="../../app/ui/campaign/message.py" line="226" />
        <source>Text</source>
        <translation>متن</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/message.py" line="84" />
        <source>Message text. {{column}} is replaced by that column of each row.</source>
        <translation>متن پیام. {{ستون}} با مقدار همان ستون در هر ردیف جایگزین می‌شود.</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/message.py" line="85" />
        <source>Message text</source>
        <translation>متن پیام</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/message.py" line="89" />
        <source>Insert a column</source>
        <translation>درج ستون</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/message.py" line="102" />
        <source>One-time passwords</source>
        <translation>رمزهای یک‌بارمصرف</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/message.py" line="105" />
        <source>Column with the one-time passwords</source>
        <translation>ستون رمزهای یک‌بارمصرف</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/message.py" line="107" />
        <source>Column with the passwords:</source>
        <translation>ستون رمزها:</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/message.py" line="109" />
        <source>Inline keyboard</source>
        <translation>صفحه‌کلید شیشه‌ای</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/message.py" line="114" />
        <location filename="../../app/ui/campaign/message.py" line="117" />
        <source>Template</source>
        <translation>قالب</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/message.py" line="121" />
        <source>Template:</source>
        <translation>قالب:</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/message.py" line="128" />
        <source>row </source>
        <translation>ردیف </translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/message.py" line="129" />
        <source>Preview for row</source>
        <translation>پیش‌نمایش برای ردیف</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/message.py" line="135" />
        <source>Preview for</source>
        <translation>پیش‌نمایش برای</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/message.py" line="212" />
        <source>Add the template to the template library first (Templates panel).</source>
        <translation>اول قالب را به کتابخانهٔ قالب‌ها اضافه کنید (بخش «قالب‌ها»).</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/message.py" line="214" />
        <source>Give the template field {0} a column or a text.</source>
        <translation>برای فیلد {0} در الگو ستونی یا متنی تعیین کنید.</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/message.py" line="226" />
        <source>Caption</source>
        <translation>زیرنویس</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/message.py" line="264" />
        <source>Insert column…</source>
        <translation>درج ستون…</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/message.py" line="314" />
        <source>One-time password: {0}</source>
        <translation>رمز یک‌بارمصرف: {0}</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/message.py" line="320" />
        <source>No column named {0}</source>
        <translation>ستونی به نام {0} نیست</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/message.py" line="322" />
        <source>This row cannot be shown: {0}</source>
        <translation>این ردیف را نمی‌توان نشان داد: {0}</translation>
    </message>
<message><source>Media</source><translation>رسانه</translation></message><message><source>One-time password</source><translation>رمز یک‌بارمصرف</translation></message><message><source>Buttons</source><translation>دکمه‌ها</translation></message></context>
<context>
    <name>ProfilesPanel</name>
    <message>
        <location filename="../../app/ui/panels/profiles.py" line="95" />
        <source>Profile</source>
        <translation>نمایه</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/profiles.py" line="103" />
        <source>Profile name</source>
        <translation>نام نمایه</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/profiles.py" line="103" />
        <source>Base URL</source>
        <translation>نشانی پایه</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/profiles.py" line="104" />
        <source>Client id</source>
        <translation>شناسهٔ کاربری</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/profiles.py" line="104" />
        <source>Client secret</source>
        <translation>رمز کاربری</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/profiles.py" line="105" />
        <source>API access key</source>
        <translation>کلید دسترسی API</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/profiles.py" line="110" />
        <source>stored in the keyring; leave empty to keep</source>
        <translation>در جاکلیدی نگه داشته می‌شود؛ برای حفظ مقدار قبلی خالی بگذارید</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/profiles.py" line="112" />
        <source>kept for this session only; leave empty to keep</source>
        <translation>فقط برای همین نشست نگه داشته می‌شود؛ برای نگه‌داشتن خالی بگذارید</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/profiles.py" line="122" />
        <source>line:</source>
        <translation>خط:</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/profiles.py" line="130" />
        <source>Bot id</source>
        <translation>شناسهٔ بات</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/profiles.py" line="130" />
        <source>Name</source>
        <translation>نام</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/profiles.py" line="133" />
        <source>Bots</source>
        <translation>بات‌ها</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/profiles.py" line="134" />
        <source>Add bot</source>
        <translation>افزودن بات</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/profiles.py" line="135" />
        <source>Remove bot</source>
        <translation>حذف بات</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/profiles.py" line="297" />
        <source>{0} answers. Add the client id and secret (v2) to test them too; the service checks the API access key (v3) only when a message goes out.</source>
        <translation>{0} پاسخ می‌دهد. برای آزمودن شناسه و رمز کلاینت (نسخهٔ ۲) آن‌ها را هم وارد کنید؛ سرویس کلید دسترسی API (نسخهٔ ۳) را تنها هنگام ارسال پیام بررسی می‌کند.</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/profiles.py" line="52" />
        <source>Save and use</source>
        <extracomment>Seconds a connection test waits for the service before it says so.</extracomment>
        <translation>ذخیره و استفاده</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/profiles.py" line="53" />
        <location filename="../../app/ui/panels/profiles.py" line="188" />
        <source>New profile</source>
        <translation>نمایهٔ تازه</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/profiles.py" line="54" />
        <source>Delete profile</source>
        <translation>حذف نمایه</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/profiles.py" line="55" />
        <source>Test connection</source>
        <translation>آزمودن اتصال</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/profiles.py" line="114" />
        <source>Profile:</source>
        <translation>نمایه:</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/profiles.py" line="115" />
        <source>Name:</source>
        <translation>نام:</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/profiles.py" line="116" />
        <source>Base URL:</source>
        <translation>نشانی پایه:</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/profiles.py" line="117" />
        <source>Client id (v2):</source>
        <translation>شناسهٔ کاربری (نسخهٔ ۲):</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/profiles.py" line="118" />
        <source>Client secret (v2):</source>
        <translation>رمز کاربری (نسخهٔ ۲):</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/profiles.py" line="119" />
        <source>API access key (v3):</source>
        <translation>کلید دسترسی API (نسخهٔ ۳):</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/profiles.py" line="65" />
        <source>Profiles and bots</source>
        <translation>نمایه‌ها و بات‌ها</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/profiles.py" line="77" />
        <source>Bots of this profile:</source>
        <translation>بات‌های این نمایه:</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/profiles.py" line="86" />
        <source>Secrets are kept in the system keyring ({0}).</source>
        <translation>رمزها در جاکلیدی سیستم نگه داشته می‌شوند ({0}).</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/profiles.py" line="87" />
        <source>No system keyring was found, so secrets are kept for this session only and must be entered again next time. Install a keyring (for example GNOME Keyring or KWallet) to keep them.</source>
        <translation>جاکلیدی سیستم پیدا نشد، پس رمزها فقط برای همین نشست نگه داشته می‌شوند و دفعهٔ بعد باید دوباره وارد شوند. برای نگه‌داشتنشان یک جاکلیدی (مثلاً GNOME Keyring یا KWallet) نصب کنید.</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/profiles.py" line="105" />
        <source>SMS gateway key</source>
        <translation>کلید درگاه پیامک</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/profiles.py" line="106" />
        <source>SMS sender line</source>
        <translation>خط فرستندهٔ پیامک</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/profiles.py" line="124" />
        <source>SMS gateway key (Kavenegar):</source>
        <translation>کلید درگاه پیامک (کاوه‌نگار):</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/profiles.py" line="147" />
        <location filename="../../app/ui/panels/profiles.py" line="160" />
        <source>Sandbox (demo)</source>
        <translation>محیط آزمایشی (نمایشی)</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/profiles.py" line="163" />
        <source>Using the built-in sandbox.</source>
        <translation>محیط آزمایشی داخلی در حال استفاده است.</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/profiles.py" line="200" />
        <source>Bot id {0!r} is not a positive number.</source>
        <translation>شناسهٔ بات {0!r} عدد مثبت نیست.</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/profiles.py" line="212" />
        <source>Give the profile a name.</source>
        <translation>برای نمایه نامی بگذارید.</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/profiles.py" line="224" />
        <source>Give the SMS gateway's sender line too.</source>
        <translation>خط فرستندهٔ درگاه پیامک را هم وارد کنید.</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/profiles.py" line="236" />
        <source>Profile {0} saved and in use.</source>
        <translation>نمایهٔ {0} ذخیره شد و در حال استفاده است.</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/profiles.py" line="238" />
        <source>The window uses the team store {0} from its next start (campaigns being sent go on); Copy moves this desktop's campaigns into it.</source>
        <translation>پنجره از اجرای بعدی، پایگاه مشترک تیم {0} را به کار می‌برد (کارزارهای در حال ارسال ادامه می‌یابند)؛ با «رونوشت» کارزارهای این رایانه به آن منتقل می‌شوند.</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/profiles.py" line="241" />
        <source>The window uses this desktop's own journal from its next start.</source>
        <translation>پنجره از اجرای بعدی، دفتر ثبت خود این رایانه را به کار می‌برد.</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/profiles.py" line="255" />
        <source>Profile {0} deleted.</source>
        <translation>نمایهٔ {0} حذف شد.</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/profiles.py" line="266" />
        <source>Testing the connection…</source>
        <translation>در حال آزمودن اتصال…</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/profiles.py" line="289" />
        <location filename="../../app/ui/panels/profiles.py" line="296" />
        <location filename="../../app/ui/panels/profiles.py" line="303" />
        <source>The connection test failed: {0}</source>
        <translation>آزمون اتصال ناموفق بود: {0}</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/profiles.py" line="304" />
        <source>Connected to {0}: the service accepted the client id and secret.</source>
        <translation>به {0} وصل شد: سرویس شناسه و رمز کلاینت را پذیرفت.</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/profiles.py" line="306" />
        <source>The API access key is well-formed; the service checks it when a message goes out.</source>
        <translation>کلید دسترسی API درست نوشته شده است؛ سرویس آن را هنگام ارسال پیام بررسی می‌کند.</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/profiles.py" line="308" />
        <source>This profile has no API access key (v3) yet: campaigns need one.</source>
        <translation>این نمایه هنوز کلید دسترسی API (نسخهٔ ۳) ندارد: کارزارها به آن نیاز دارند.</translation>
    </message>
</context>
<context>
    <name>QuickSendPanel</name>
    <message>
        <location filename="../../app/ui/panels/quick_send.py" line="53" />
        <source>e.g. {0}</source>
        <translation>مثلاً {0}</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/quick_send.py" line="55" />
        <source>Phone</source>
        <translation>تلفن</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/quick_send.py" line="58" />
        <source>Text</source>
        <translation>متن</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/quick_send.py" line="58" />
        <source>One-time password (bot)</source>
        <translation>رمز یک‌بارمصرف (بات)</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/quick_send.py" line="59" />
        <source>One-time password (v2, shows balance)</source>
        <translation>رمز یک‌بارمصرف (نسخهٔ ۲، با نمایش اعتبار)</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/quick_send.py" line="59" />
        <location filename="../../app/ui/panels/quick_send.py" line="73" />
        <source>Template</source>
        <translation>قالب</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/quick_send.py" line="61" />
        <source>Message kind</source>
        <translation>نوع پیام</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/quick_send.py" line="65" />
        <source>Sending bot</source>
        <translation>بات فرستنده</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/quick_send.py" line="68" />
        <source>Message</source>
        <translation>پیام</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/quick_send.py" line="69" />
        <source>The message, the one-time password digits, or for a template one field=value per line</source>
        <translation>متن پیام، رقم‌های رمز یک‌بارمصرف، یا برای قالب در هر سطر یک فیلد=مقدار</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/quick_send.py" line="74" />
        <source>Secure message</source>
        <translation>پیام امن</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/quick_send.py" line="75" />
        <source>Send now</source>
        <translation>همین حالا بفرست</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/quick_send.py" line="79" />
        <source>Phone:</source>
        <translation>تلفن:</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/quick_send.py" line="80" />
        <source>Kind:</source>
        <translation>نوع:</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/quick_send.py" line="81" />
        <source>Bot:</source>
        <translation>بات:</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/quick_send.py" line="82" />
        <source>Template:</source>
        <translation>قالب:</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/quick_send.py" line="83" />
        <source>Message:</source>
        <translation>پیام:</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/quick_send.py" line="88" />
        <source>Campaign</source>
        <translation>کارزار</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/quick_send.py" line="88" />
        <source>Status</source>
        <translation>وضعیت</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/quick_send.py" line="88" />
        <source>When (Tehran)</source>
        <translation>زمان (به وقت تهران)</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/quick_send.py" line="89" />
        <source>Details</source>
        <translation>جزئیات</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/quick_send.py" line="95" />
        <source>Recent sends to this number</source>
        <translation>ارسال‌های اخیر به این شماره</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/quick_send.py" line="99" />
        <source>Quick send</source>
        <translation>ارسال سریع</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/quick_send.py" line="103" />
        <source>Recent sends to this number:</source>
        <translation>ارسال‌های اخیر به این شماره:</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/quick_send.py" line="143" />
        <source>Sending to {0}…</source>
        <translation>در حال ارسال به {0}…</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/quick_send.py" line="167" />
        <location filename="../../app/ui/panels/quick_send.py" line="192" />
        <source>Not sent: {0}</source>
        <translation>ارسال نشد: {0}</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/quick_send.py" line="171" />
        <source>Not sent: this profile has no API access key. Add one in Profiles.</source>
        <translation>ارسال نشد: این نمایه کلید دسترسی API ندارد. در «نمایه‌ها» اضافه کنید.</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/quick_send.py" line="184" />
        <source>Not sent: {0}.</source>
        <translation>ارسال نشد: {0}.</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/quick_send.py" line="189" />
        <source>The answer was lost on the way: the code may or may not have arrived. Check with the person before sending another.</source>
        <translation>پاسخ در راه گم شد: شاید رمز رسیده باشد، شاید نه. پیش از ارسال دوباره از گیرنده بپرسید.</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/quick_send.py" line="198" />
        <source>One-time password sent to {0}. Balance left: {1}.</source>
        <translation>رمز یک‌بارمصرف به {0} فرستاده شد. اعتبار باقی‌مانده: {1}.</translation>
    </message>
</context>
<context>
    <name>RateChart</name>
    <message>
        <location filename="../../app/ui/campaign/rate_chart.py" line="25" />
        <source>Sent and failed over time</source>
        <translation>ارسال‌شده و ناموفق در طول زمان</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/rate_chart.py" line="50" />
        <source>The chart fills as messages go out</source>
        <translation>با ارسال پیام‌ها نمودار پر می‌شود</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/rate_chart.py" line="57" />
        <source>{0} s</source>
        <translation>{0} ثانیه</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/rate_chart.py" line="68" />
        <source>sent</source>
        <translation>ارسال‌شده</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/rate_chart.py" line="68" />
        <source>failed</source>
        <translation>ناموفق</translation>
    </message>
</context>
<context>
    <name>RecipientsStep</name>
    <message>
        <location filename="../../app/ui/campaign/recipients.py" line="49" />
        <source>Open spreadsheet…</source>
        <translation>باز کردن صفحه‌گسترده…</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/recipients.py" line="52" />
        <source>Sheet</source>
        <translation>برگه</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/recipients.py" line="57" />
        <source>Phone column</source>
        <translation>ستون تلفن</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/recipients.py" line="61" />
        <source>Sheet:</source>
        <translation>برگه:</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/recipients.py" line="63" />
        <source>Phone column:</source>
        <translation>ستون تلفن:</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/recipients.py" line="66" />
        <location filename="../../app/ui/campaign/recipients.py" line="93" />
        <source>Open a CSV or Excel file with one phone number per row.</source>
        <translation>یک پروندهٔ CSV یا اکسل با یک شمارهٔ تلفن در هر ردیف باز کنید.</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/recipients.py" line="69" />
        <source>Rows and their verdicts</source>
        <translation>ردیف‌ها و وضعیتشان</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/recipients.py" line="71" />
        <source>Show:</source>
        <translation>نمایش:</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/recipients.py" line="101" />
        <source>Open a spreadsheet first.</source>
        <translation>اول یک صفحه‌گسترده باز کنید.</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/recipients.py" line="102" />
        <source>The sheet has no valid phone number to send to.</source>
        <translation>در این برگه هیچ شمارهٔ معتبری برای ارسال نیست.</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/recipients.py" line="106" />
        <source>Open a contact sheet</source>
        <translation>باز کردن فهرست مخاطبان</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/recipients.py" line="112" />
        <source>Reading {0}…</source>
        <translation>خواندن {0}…</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/recipients.py" line="126" />
        <source>{0} stays open.</source>
        <translation>{0} همچنان باز است.</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/recipients.py" line="132" />
        <source>Reading {0} was stopped.</source>
        <translation>خواندن {0} متوقف شد.</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/recipients.py" line="139" />
        <source>{0} is ready.</source>
        <translation>{0} آماده است.</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/recipients.py" line="163" />
        <source>{0} is open: choose its phone column.</source>
        <translation>{0} باز است: ستون تلفن آن را انتخاب کنید.</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/recipients.py" line="180" />
        <source>chosen</source>
        <translation>انتخاب‌شده</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/recipients.py" line="181" />
        <source>detected, {0}% sure</source>
        <translation>خودکار یافته شد، {0}٪ مطمئن</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/recipients.py" line="183" />
        <source>{0}: {1} rows — {2} valid, {3} invalid, {4} duplicate, {5} suppressed, {6} empty. Phone column: {7} ({8}).</source>
        <translation>{0}: {1} ردیف — {2} معتبر، {3} نامعتبر، {4} تکراری، {5} مسدود، {6} خالی. ستون تلفن: {7} ({8}).</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/recipients.py" line="190" />
        <source>No number in {0} is an Iranian mobile: the phone numbers look to be in {1}.</source>
        <translation>هیچ شماره‌ای در {0} شمارهٔ همراه ایرانی نیست: شماره‌ها گویا در {1} است.</translation>
    </message>
</context>
<context>
    <name>RepeatPicker</name>
    <message>
        <location filename="../../app/ui/campaign/repeat_picker.py" line="52" />
        <source>Repeat</source>
        <extracomment>The days of the week in the order a Persian week runs (Saturday first), Python's numbers.</extracomment>
        <translation>تکرار</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/repeat_picker.py" line="53" />
        <source>Never</source>
        <translation>هرگز</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/repeat_picker.py" line="53" />
        <source>Every day</source>
        <translation>هر روز</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/repeat_picker.py" line="54" />
        <source>Every week on</source>
        <translation>هر هفته در</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/repeat_picker.py" line="54" />
        <source>Every month on day</source>
        <translation>هر ماه در روز</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/repeat_picker.py" line="57" />
        <source>Day of the week</source>
        <translation>روز هفته</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/repeat_picker.py" line="62" />
        <source>Day of the month</source>
        <translation>روز ماه</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/repeat_picker.py" line="66" />
        <source>Repeat at</source>
        <translation>ساعت تکرار</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/repeat_picker.py" line="72" />
        <source>at</source>
        <translation>ساعت</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/repeat_picker.py" line="75" />
        <source>(Tehran time)</source>
        <translation>(به وقت تهران)</translation>
    </message>
<message><source>every day at {0}</source><translation>هر روز ساعت {0}</translation></message><message><source>every {0} at {1}</source><translation>هر {0} ساعت {1}</translation></message><message><source>every Jalali month</source><translation>هر ماه خورشیدی</translation></message><message><source>every month</source><translation>هر ماه</translation></message><message><source>on day {0} of {1} at {2}</source><translation>روز {0}ِ {1}، ساعت {2}</translation></message><message><source>Monday</source><translation>دوشنبه</translation></message><message><source>Tuesday</source><translation>سه‌شنبه</translation></message><message><source>Wednesday</source><translation>چهارشنبه</translation></message><message><source>Thursday</source><translation>پنجشنبه</translation></message><message><source>Friday</source><translation>جمعه</translation></message><message><source>Saturday</source><translation>شنبه</translation></message><message><source>Sunday</source><translation>یکشنبه</translation></message></context>
<context>
    <name>Report</name>
    <message>
        <location filename="../../app/ui/report_words.py" line="28" />
        <source>Campaign report</source>
        <translation>گزارش کارزار</translation>
    </message>
<message><source>Campaign {0}: {1}</source><translation>کارزار {0}: {1}</translation></message><message><source>Made by</source><translation>سازنده</translation></message><message><source>Started by</source><translation>آغازکننده</translation></message><message><source>Created</source><translation>ساخته‌شده در</translation></message><message><source>Message</source><translation>پیام</translation></message><message><source>Kind</source><translation>نوع</translation></message><message><source>Bot</source><translation>بات</translation></message><message><source>Status</source><translation>وضعیت</translation></message><message><source>Report made</source><translation>زمان تهیهٔ گزارش</translation></message><message><source>So far: the campaign is still being sent (figures of {0}).</source><translation>تا این لحظه: کارزار هنوز در حال ارسال است (ارقامِ {0}).</translation></message><message><source>Recipients</source><translation>گیرندگان</translation></message><message><source>Imported rows</source><translation>ردیف‌های واردشده</translation></message><message><source>With a message</source><translation>دارای پیام</translation></message><message><source>Sent</source><translation>ارسال‌شده</translation></message><message><source>Failed</source><translation>ناموفق</translation></message><message><source>Unknown (answer lost)</source><translation>نامعلوم (پاسخ نرسید)</translation></message><message><source>Not sent yet</source><translation>هنوز فرستاده‌نشده</translation></message><message><source>Not sent (cancelled)</source><translation>فرستاده‌نشده (لغو شد)</translation></message><message><source>Skipped: {0}</source><translation>کنارگذاشته: {0}</translation></message><message><source>Delivery funnel</source><translation>قیف تحویل</translation></message><message><source>Sends per hour (Tehran time)</source><translation>ارسال در هر ساعت (به وقت تهران)</translation></message><message><source>Sends per minute (Tehran time)</source><translation>ارسال در هر دقیقه (به وقت تهران)</translation></message><message><source>Sends per day (Tehran time)</source><translation>ارسال در هر روز (به وقت تهران)</translation></message><message><source>Minute</source><translation>دقیقه</translation></message><message><source>Day</source><translation>روز</translation></message><message><source>No message was sent yet.</source><translation>هنوز پیامی فرستاده نشده است.</translation></message><message><source>Errors by code</source><translation>خطاها بر پایهٔ کد</translation></message><message><source>No errors.</source><translation>خطایی نبود.</translation></message><message><source>Code {0}</source><translation>کد {0}</translation></message><message><source>Cost and balance</source><translation>هزینه و اعتبار</translation></message><message><source>Estimated cost</source><translation>هزینهٔ برآوردی</translation></message><message><source>No prices are set.</source><translation>قیمتی تعیین نشده است.</translation></message><message><source>Balance before</source><translation>اعتبار پیش از ارسال</translation></message><message><source>Balance after</source><translation>اعتبار پس از ارسال</translation></message><message><source>not reported</source><translation>گزارش نشده</translation></message><message><source>Duration</source><translation>مدت</translation></message><message><source>Average rate</source><translation>آهنگ میانگین</translation></message><message><source>{0} messages a minute</source><translation>{0} پیام در دقیقه</translation></message><message><source>{0} messages a second</source><translation>{0} پیام در ثانیه</translation></message><message><source>Pauses</source><translation>توقف‌ها</translation></message><message><source>No pauses.</source><translation>توقفی نبود.</translation></message><message><source>{0} by {1}</source><translation>{0} به دست {1}</translation></message><message><source>Campaigns from {0} to {1}</source><translation>کارزارهای {0} تا {1}</translation></message><message><source>Campaign</source><translation>کارزار</translation></message><message><source>Name</source><translation>نام</translation></message><message><source>Total</source><translation>جمع</translation></message><message><source>{0} h {1} min</source><translation>{0} ساعت و {1} دقیقه</translation></message><message><source>{0} min</source><translation>{0} دقیقه</translation></message><message><source>{0} s</source><translation>{0} ثانیه</translation></message><message><source>—</source><translation>—</translation></message><message><source>Figures</source><translation>ارقام</translation></message><message><source>Hour</source><translation>ساعت</translation></message><message><source>Messages</source><translation>پیام‌ها</translation></message><message><source>Count</source><translation>تعداد</translation></message><message><source>Reason</source><translation>دلیل</translation></message><message><source>When</source><translation>زمان</translation></message><message><source>What</source><translation>چه</translation></message><message><source>Who</source><translation>چه کسی</translation></message><message><source>invalid</source><translation>نامعتبر</translation></message><message><source>duplicate</source><translation>تکراری</translation></message><message><source>empty</source><translation>خالی</translation></message><message><source>suppressed</source><translation>مسدود</translation></message><message><source>repeat</source><translation>تکرار</translation></message><message><source>capped</source><translation>رسیده به سقف ارسال</translation></message><message><source>paused</source><translation>متوقف</translation></message><message><source>cancelled</source><translation>لغوشده</translation></message><message><source>pause asked</source><translation>درخواست توقف</translation></message><message><source>cancel asked</source><translation>درخواست لغو</translation></message><message><source>ready</source><translation>آماده</translation></message><message><source>running</source><translation>در حال اجرا</translation></message><message><source>finished</source><translation>تمام‌شده</translation></message><message><source>text</source><translation>متن</translation></message><message><source>media</source><translation>رسانه</translation></message><message><source>otp</source><translation>رمز یک‌بارمصرف</translation></message><message><source>buttons</source><translation>دکمه‌ها</translation></message><message><source>template</source><translation>قالب</translation></message><message><source>By channel</source><translation>به تفکیک مسیر</translation></message><message><source>Sent by Bale</source><translation>ارسال‌شده با بله</translation></message><message><source>Failed by Bale</source><translation>ناموفق با بله</translation></message><message><source>Sent by SMS</source><translation>ارسال‌شده با پیامک</translation></message><message><source>SMS delivered</source><translation>پیامک تحویل‌شده</translation></message><message><source>SMS not delivered</source><translation>پیامک تحویل‌نشده</translation></message><message><source>SMS delivery not known yet</source><translation>تحویل پیامک هنوز نامعلوم</translation></message><message><source>Failed by SMS</source><translation>ناموفق با پیامک</translation></message><message><source>SMS cost (rials)</source><translation>هزینهٔ پیامک (ریال)</translation></message><message><source>the service had an internal error; try again later</source><translation>سرویس دچار خطای داخلی شد؛ بعداً دوباره امتحان کنید</translation></message><message><source>too many messages at once: the service asked to slow down</source><translation>پیام‌ها بیش از اندازه بودند: سرویس خواست آهسته‌تر بفرستید</translation></message><message><source>the service refused the message as invalid (check the template, bot and fields)</source><translation>سرویس پیام را نادرست دانست (قالب، بات و فیلدها را بررسی کنید)</translation></message><message><source>the service says this phone number is not valid</source><translation>به گفتهٔ سرویس این شماره معتبر نیست</translation></message><message><source>this phone has no Bale account</source><translation>این شماره در بله حساب ندارد</translation></message><message><source>too many one-time passwords to this phone in the last hour</source><translation>در یک ساعت گذشته رمز یکبارمصرف زیادی به این شماره رفته است</translation></message><message><source>the account's balance is used up: payment required</source><translation>اعتبار حساب تمام شده است: باید شارژ کنید</translation></message><message><source>the bot has reached its contact limit</source><translation>بات به سقف مخاطبانش رسیده است</translation></message></context>
<context>
    <name>ReportAction</name>
    <message>
        <location filename="../../app/ui/report_action.py" line="26" />
        <source>Save the report</source>
        <translation>ذخیرهٔ گزارش</translation>
    </message>
    <message>
        <location filename="../../app/ui/report_action.py" line="27" />
        <source>PDF (*.pdf);;Excel workbook (*.xlsx)</source>
        <translation>PDF (*.pdf);;کارپوشهٔ اکسل (*.xlsx)</translation>
    </message>
    <message>
        <location filename="../../app/ui/report_action.py" line="45" />
        <source>Report written to {0}</source>
        <translation>گزارش در {0} نوشته شد</translation>
    </message>
</context>
<context>
    <name>ResultsStep</name>
    <message>
        <location filename="../../app/ui/campaign/results.py" line="75" />
        <source>Per-row results</source>
        <extracomment>The recipient states the summary counts, in this order.</extracomment>
        <translation>نتیجهٔ هر ردیف</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/results.py" line="80" />
        <source>Show:</source>
        <translation>نمایش:</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/results.py" line="83" />
        <source>Export…</source>
        <translation>خروجی…</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/results.py" line="85" />
        <source>Retry failed</source>
        <translation>تلاش دوباره برای ناموفق‌ها</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/results.py" line="87" />
        <source>Report…</source>
        <translation>گزارش…</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/results.py" line="139" />
        <source>{0} {1}</source>
        <translation>{0} {1}</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/results.py" line="142" />
        <source>Campaign {0} ({1}) is {2}: {3}.</source>
        <translation>کارزار {0} ({1}) {2} است: {3}.</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/results.py" line="144" />
        <source>, </source>
        <translation>، </translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/results.py" line="147" />
        <source>Errors: {0}</source>
        <translation>خطاها: {0}</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/results.py" line="148" />
        <source>{0} × {1} (code {2})</source>
        <translation>{0} × {1} (کد {2})</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/results.py" line="149" />
        <source>other error</source>
        <translation>خطای دیگر</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/results.py" line="158" />
        <source>By Bale: {0} sent, {1} failed. By SMS: {2} sent ({3} delivered, {4} not delivered, {5} not known yet), {6} failed, {7} to send; SMS cost {8} rials.</source>
        <translation>با بله: {0} ارسال‌شده، {1} ناموفق. با پیامک: {2} ارسال‌شده ({3} تحویل‌شده، {4} تحویل‌نشده، {5} هنوز نامعلوم)، {6} ناموفق، {7} در انتظار ارسال؛ هزینهٔ پیامک {8} ریال.</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/results.py" line="164" />
        <source>Send the campaign first.</source>
        <translation>اول کارزار را ارسال کنید.</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/results.py" line="170" />
        <source>Export results</source>
        <translation>خروجی نتایج</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/results.py" line="171" />
        <source>Excel (*.xlsx);;CSV (*.csv)</source>
        <translation>اکسل (*.xlsx);;CSV (*.csv)</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/results.py" line="188" />
        <source>Row</source>
        <translation>ردیف</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/results.py" line="188" />
        <source>Phone as typed</source>
        <translation>تلفن همان‌طور که نوشته شده</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/results.py" line="188" />
        <source>Phone</source>
        <translation>تلفن</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/results.py" line="189" />
        <source>Status</source>
        <translation>وضعیت</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/results.py" line="189" />
        <source>Error code</source>
        <translation>کد خطا</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/results.py" line="189" />
        <source>Details</source>
        <translation>جزئیات</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/results.py" line="190" />
        <source>Message id</source>
        <translation>شناسهٔ پیام</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/results.py" line="190" />
        <source>Request id</source>
        <translation>شناسهٔ درخواست</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/results.py" line="191" />
        <source>Channel</source>
        <translation>مسیر ارسال</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/results.py" line="191" />
        <source>SMS delivery</source>
        <translation>تحویل پیامک</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/results.py" line="193" />
        <source>Result: {0}</source>
        <translation>نتیجه: {0}</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/results.py" line="201" />
        <location filename="../../app/ui/campaign/results.py" line="236" />
        <source>There are no results to export yet.</source>
        <translation>هنوز نتیجه‌ای برای خروجی نیست.</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/results.py" line="204" />
        <source>Results</source>
        <translation>نتایج</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/results.py" line="223" />
        <source>The export was stopped.</source>
        <translation>خروجی متوقف شد.</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/results.py" line="227" />
        <source>Results written to {0}</source>
        <translation>نتایج در {0} نوشته شد</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/results.py" line="229" />
        <source>(results only: {0})</source>
        <translation>(فقط نتیجه‌ها: {0})</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/results.py" line="258" />
        <source>No failures worth retrying: every failure here would fail again (no Bale account, an invalid number...).</source>
        <translation>خطایی نیست که ارزش تلاش دوباره داشته باشد: هر خطای این‌جا دوباره هم رخ می‌دهد (نداشتن حساب بله، شمارهٔ نادرست و…).</translation>
    </message>
</context>
<context>
    <name>ReviewLooks</name>
    <message>
        <location filename="../../app/ui/campaign/review_looks.py" line="72" />
        <source>No row makes a message the service accepts, so nobody would get it; row {0}: {1}</source>
        <extracomment>Who of this sheet already got this message recently.</extracomment>
        <translation>پیام هیچ ردیفی را سرویس نمی‌پذیرد، پس کسی آن را نمی‌گیرد؛ ردیف {0}: {1}</translation>
    </message>
</context>
<context>
    <name>ReviewStep</name>
    <message>
        <location filename="../../app/ui/campaign/review.py" line="97" />
        <source>Sending bot</source>
        <translation>بات فرستنده</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/review.py" line="102" />
        <source> per minute</source>
        <translation> در دقیقه</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/review.py" line="103" />
        <source>as fast as allowed</source>
        <translation>با بیشترین سرعت مجاز</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/review.py" line="104" />
        <source>Rate in messages per minute</source>
        <translation>سرعت به پیام در دقیقه</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/review.py" line="109" />
        <source>Messages sent at the same time, at most</source>
        <translation>بیشینهٔ پیام‌های هم‌زمان</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/review.py" line="110" />
        <source>How many messages may be on their way at once; 8 suits most connections.</source>
        <translation>چند پیام می‌تواند هم‌زمان در راه باشد؛ ۸ برای بیشتر اتصال‌ها مناسب است.</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/review.py" line="119" />
        <source>Start at</source>
        <translation>شروع در</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/review.py" line="120" />
        <source>Start later</source>
        <translation>شروع در زمانی دیگر</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/review.py" line="123" />
        <source>Start date and time (Tehran time)</source>
        <translation>تاریخ و ساعت شروع (به وقت تهران)</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/review.py" line="143" />
        <source>Send nothing from</source>
        <translation>هیچ پیامی نفرست از</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/review.py" line="144" />
        <source>Quiet hours</source>
        <translation>ساعات سکوت</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/review.py" line="147" />
        <source>Quiet hours start</source>
        <translation>آغاز ساعت‌های سکوت</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/review.py" line="148" />
        <source>Quiet hours end</source>
        <translation>پایان ساعت‌های سکوت</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/review.py" line="157" />
        <source>to</source>
        <translation>تا</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/review.py" line="159" />
        <source>(Tehran time)</source>
        <translation>(به وقت تهران)</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/review.py" line="64" />
        <source>Bot:</source>
        <extracomment>The preview row's values (column → text), from the message step; a test send uses them. What this sheet's rows meet at Start (found off the GUI thread).</extracomment>
        <translation>بات:</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/review.py" line="65" />
        <source>Rate:</source>
        <translation>سرعت:</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/review.py" line="66" />
        <source>At the same time:</source>
        <translation>هم‌زمان:</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/review.py" line="67" />
        <source>Start:</source>
        <translation>شروع:</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/review.py" line="68" />
        <source>Quiet hours:</source>
        <translation>ساعات سکوت:</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/review.py" line="74" />
        <source>Repeat:</source>
        <translation>تکرار:</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/review.py" line="75" />
        <source>SMS:</source>
        <translation>پیامک:</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/review.py" line="135" />
        <source>Tehran time; it starts with the window closed too</source>
        <translation>به وقت تهران؛ با پنجرهٔ بسته هم آغاز می‌شود</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/review.py" line="167" />
        <source>your own number, e.g. {0}</source>
        <translation>شمارهٔ خودتان، مثلاً {0}</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/review.py" line="169" />
        <source>Phone for a test send</source>
        <translation>شماره برای ارسال آزمایشی</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/review.py" line="170" />
        <source>Send a test to this number</source>
        <translation>ارسال آزمایشی به این شماره</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/review.py" line="250" />
        <source>The repeats would start at {0}, inside the quiet hours, and each wait until {1}: choose a time from {1} to {2}.</source>
        <translation>تکرارها ساعت {0}، درون ساعت‌های سکوت، آغاز می‌شوند و هر بار تا {1} منتظر می‌مانند: ساعتی از {1} تا {2} برگزینید.</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/review.py" line="252" />
        <source>Choose the sending bot (its id is a whole number).</source>
        <translation>بات فرستنده را برگزینید (شناسه‌اش عددی صحیح است).</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/review.py" line="253" />
        <source>The rate must be 0 (as fast as allowed) or at least 1 message per minute.</source>
        <translation>آهنگ ارسال باید ۰ (با بیشترین سرعت مجاز) یا دست‌کم ۱ پیام در دقیقه باشد.</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/review.py" line="254" />
        <source>Messages at the same time must be from 1 to 256.</source>
        <translation>پیام‌های هم‌زمان باید از ۱ تا ۲۵۶ باشد.</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/review.py" line="255" />
        <source>Quiet hours need a start and an end, e.g. 22:00 to 08:00.</source>
        <translation>ساعت‌های سکوت آغاز و پایان می‌خواهد، مانند ۲۲:۰۰ تا ۰۸:۰۰.</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/review.py" line="256" />
        <source>The start time is in the past: choose a later time, or clear “Start at” to start now.</source>
        <translation>زمان شروع گذشته است: زمانی دیرتر برگزینید، یا «شروع در» را بردارید تا همین حالا شروع شود.</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/review.py" line="314" />
        <source>Sending a test to {0}…</source>
        <translation>در حال ارسال آزمایشی به {0}…</translation>
    </message>
</context>
<context>
    <name>ReviewText</name>
    <message>
        <location filename="../../app/ui/campaign/review_text.py" line="54" />
        <source>service template</source>
        <translation>قالب خدماتی</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/review_text.py" line="54" />
        <source>promotional template</source>
        <translation>قالب تبلیغاتی</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/review_text.py" line="55" />
        <source>message</source>
        <translation>پیام</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/review_text.py" line="58" />
        <source>Rows skipped: duplicate {0}, suppressed {1}, unusable {2}.</source>
        <translation>ردیف‌های کنارگذاشته: تکراری {0}، مسدود {1}، بی‌استفاده {2}.</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/review_text.py" line="71" />
        <source>Estimated cost: &lt;b&gt;{0}&lt;/b&gt; ({1} × {2}, the price of one {3}; set prices in Templates).</source>
        <translation>هزینهٔ برآوردی: &lt;b&gt;{0}&lt;/b&gt; ({1} × {2}، بهای یک {3}؛ بها را در «قالب‌ها» تعیین کنید).</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/review_text.py" line="61" />
        <source>Time at {0} messages a minute: {1}.</source>
        <translation>زمان با آهنگ {0} پیام در دقیقه: {1}.</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/review_text.py" line="70" />
        <source>Estimated cost: not known: set the price of one {0} in Templates.</source>
        <translation>هزینهٔ برآوردی: نامعلوم؛ بهای یک {0} را در «قالب‌ها» تعیین کنید.</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/review_text.py" line="75" />
        <source>Parts of each SMS: {0} (70 Persian or 160 Latin characters a part).</source>
        <translation>بخش‌های هر پیامک: {0} (هر بخش ۷۰ نویسهٔ فارسی یا ۱۶۰ نویسهٔ لاتین).</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/review_text.py" line="77" />
        <source>At {0} a part (Templates): about {1} for each SMS.</source>
        <translation>به بهای {0} برای هر بخش («قالب‌ها»): حدود {1} برای هر پیامک.</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/review_text.py" line="81" />
        <source>By SMS: &lt;b&gt;{0}&lt;/b&gt; known to have no Bale account (found in the last {1} days) at once, and any other the service says has none. </source>
        <translation>با پیامک: &lt;b&gt;{0}&lt;/b&gt; گیرنده که می‌دانیم حساب بله ندارند (در {1} روز گذشته معلوم شده) بی‌درنگ، و هر گیرندهٔ دیگری که سرویس بگوید حساب ندارد. </translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/review_text.py" line="86" />
        <source>&lt;b&gt;{0}&lt;/b&gt; of {1} recipients will get the message; the frequency cap skips the other {2}.</source>
        <translation>&lt;b&gt;{0}&lt;/b&gt; از {1} گیرنده پیام را دریافت می‌کنند؛ سقف دفعات ارسال {2} گیرندهٔ دیگر را کنار می‌گذارد.</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/review_text.py" line="88" />
        <source>Recipients who will get the message: &lt;b&gt;{0}&lt;/b&gt;.</source>
        <translation>گیرندگانی که پیام را دریافت می‌کنند: &lt;b&gt;{0}&lt;/b&gt;.</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/review_text.py" line="91" />
        <source>about {0}</source>
        <translation>حدود {0}</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/review_text.py" line="92" />
        <source>about a minute</source>
        <translation>حدود یک دقیقه</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/review_text.py" line="92" />
        <source>under a minute</source>
        <translation>کمتر از یک دقیقه</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/review_text.py" line="94" />
        <source>, plus waits during quiet hours {0} to {1}</source>
        <translation>، به‌اضافهٔ درنگ در ساعت‌های سکوت {0} تا {1}</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/review_text.py" line="101" />
        <source>The service accepts at most {0} messages a minute per account; the campaign will go at that pace.</source>
        <translation>سرویس برای هر حساب دست‌بالا {0} پیام در دقیقه می‌پذیرد؛ کارزار با همین آهنگ پیش می‌رود.</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/review_text.py" line="104" />
        <source>{0} rows have no usable number and will be skipped.</source>
        <translation>{0} ردیف شمارهٔ قابل‌استفاده ندارند و کنار گذاشته می‌شوند.</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/review_text.py" line="107" />
        <source>{0} rows make a message the service would refuse, and will be skipped; the first, row {1}: {2}.</source>
        <translation>پیام {0} ردیف را سرویس نمی‌پذیرد و آن ردیف‌ها کنار گذاشته می‌شوند؛ نخستین، ردیف {1}: {2}.</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/review_text.py" line="112" />
        <source>This profile has no API access key: add one in Profiles.</source>
        <translation>این نمایه کلید دسترسی API ندارد: در «نمایه‌ها» اضافه کنید.</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/review_text.py" line="114" />
        <source>{0} of these {1} recipients already got as many messages as the frequency cap allows ({2} in {3} days): they will be skipped.</source>
        <translation>{0} نفر از این {1} گیرنده به اندازهٔ سقف دفعات ارسال پیام گرفته‌اند ({2} پیام در {3} روز): برایشان فرستاده نمی‌شود.</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/review_text.py" line="118" />
        <source>{0} of these {1} recipients got this message from this bot in the last {2} days or are still to get it ({3} still to send in a campaign not cancelled; latest: campaign {4}); at Start you can send only to the others.</source>
        <translation>{0} نفر از این {1} گیرنده در {2} روز گذشته همین پیام را از همین بات گرفته‌اند یا هنوز باید بگیرند ({3} نفر هنوز در کارزاری لغونشده در صف ارسال‌اند؛ آخرین بار: کارزار {4})؛ هنگام شروع می‌توانید فقط به بقیه بفرستید.</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/review_text.py" line="124" />
        <source>{0} of these {1} recipients already got this message from this bot in the last {2} days (latest: campaign {3}); at Start you can send only to the others.</source>
        <translation>{0} نفر از این {1} گیرنده در {2} روز گذشته همین پیام را از همین بات گرفته‌اند (آخرین بار: کارزار {3})؛ هنگام شروع می‌توانید فقط به بقیه بفرستید.</translation>
    </message>
</context>
<context>
    <name>RulesBox</name>
    <message>
        <location filename="../../app/ui/panels/rules.py" line="44" />
        <source>Rules for every campaign</source>
        <translation>قاعده‌های همهٔ کارزارها</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/rules.py" line="46" />
        <source>At most</source>
        <translation>حداکثر</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/rules.py" line="51" />
        <source>Messages to one number at most</source>
        <translation>حداکثر پیام به یک شماره</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/rules.py" line="52" />
        <source>In this many days</source>
        <translation>در این تعداد روز</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/rules.py" line="54" />
        <source>from any bot</source>
        <translation>از هر باتی</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/rules.py" line="55" />
        <source>count one-time passwords too</source>
        <translation>رمزهای یک‌بارمصرف هم شمرده شوند</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/rules.py" line="56" />
        <location filename="../../app/ui/panels/rules.py" line="96" />
        <source>Campaigns need approval by</source>
        <translation>کارزارها به تأیید این افراد نیاز دارند</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/rules.py" line="58" />
        <source>user or user@machine, separated by commas</source>
        <translation>کاربر یا user@machine، جداشده با ویرگول</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/rules.py" line="59" />
        <source>Approvers</source>
        <translation>تأییدکنندگان</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/rules.py" line="62" />
        <source>an approver password (optional; leave empty to keep)</source>
        <translation>گذرواژهٔ تأییدکننده (اختیاری؛ برای حفظ قبلی خالی بگذارید)</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/rules.py" line="63" />
        <source>Approver password</source>
        <translation>گذرواژهٔ تأییدکننده</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/rules.py" line="64" />
        <source>Save the rules</source>
        <translation>ذخیرهٔ قاعده‌ها</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/rules.py" line="71" />
        <source>messages to one number in</source>
        <translation>پیام به یک شماره در</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/rules.py" line="73" />
        <source>days (Tehran calendar days)</source>
        <translation>روز (روزهای تقویمی به وقت تهران)</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/rules.py" line="95" />
        <source>Campaigns need approval by a member with the approver role</source>
        <translation>کارزارها به تأیید عضوی با نقش تأییدکننده نیاز دارند</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/rules.py" line="105" />
        <source>The team's admins set these rules; you are {0}.</source>
        <translation>این قواعد را مدیران تیم تعیین می‌کنند؛ نقش شما: {0}.</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/rules.py" line="130" />
        <source>Nobody could approve a campaign: name an approver or set an approver password.</source>
        <translation>هیچ‌کس نمی‌تواند کارزاری را تأیید کند: یک تأییدکننده نام ببرید یا گذرواژهٔ تأییدکننده بگذارید.</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/rules.py" line="142" />
        <source>The rules are saved; every campaign from now on follows them.</source>
        <translation>قاعده‌ها ذخیره شد؛ همهٔ کارزارها از این پس از آن‌ها پیروی می‌کنند.</translation>
    </message>
</context>
<context>
    <name>SendStep</name>
    <message>
        <location filename="../../app/ui/campaign/send.py" line="99" />
        <source>Start</source>
        <extracomment>The send step's buttons and their keys (also listed by Help → Keyboard shortcuts). How often the rate chart is drawn again while a campaign sends (seconds): it shows the trend (the figures and the bar move four times a second), and each drawing is 1-2 ms of the window's loop on a slow machine. The campaign whose rows that table shows (None once another sheet is opened). The repeating campaign Start made from this draft (Start is done once). The button the keyboard was parked away from (onto the log) while it is disabled.</extracomment>
        <translation>شروع</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/send.py" line="99" />
        <source>Pause</source>
        <translation>مکث</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/send.py" line="99" />
        <source>Resume</source>
        <translation>ادامه</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/send.py" line="100" />
        <source>Cancel</source>
        <translation>لغو</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/send.py" line="105" />
        <source>Send the rest as a new campaign</source>
        <translation>ارسال باقی‌مانده در کارزاری تازه</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/send.py" line="106" />
        <source>A new campaign of the recipients this cancelled one never reached, each under its own request_id (nobody gets it twice)</source>
        <translation>کارزاری تازه برای گیرندگانی که این کارزار لغوشده به آن‌ها نرسید، هر یک با همان شناسهٔ درخواست خودش (هیچ‌کس دو بار دریافت نمی‌کند)</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/send.py" line="118" />
        <source>Sending progress</source>
        <translation>پیشرفت ارسال</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/send.py" line="126" />
        <source>Sending log</source>
        <translation>گزارش ارسال</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/send.py" line="223" />
        <source>Campaign {0} is being sent; its controls are here.</source>
        <translation>کارزار {0} در حال ارسال است؛ کنترل‌هایش اینجاست.</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/send.py" line="225" />
        <source>Sending campaign {0}…</source>
        <translation>ارسال کارزار {0}…</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/send.py" line="226" />
        <location filename="../../app/ui/campaign/send.py" line="317" />
        <source>Sending…</source>
        <translation>در حال ارسال…</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/send.py" line="232" />
        <source>Campaign {0} is being sent by another copy of the app (or the command line); it can be resumed here once that stops.</source>
        <translation>کارزار {0} را نسخهٔ دیگری از برنامه (یا خط فرمان) می‌فرستد؛ پس از توقف آن، می‌توان آن را این‌جا ادامه داد.</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/send.py" line="240" />
        <source>Campaign {0} was rejected by {1}: {2}</source>
        <translation>کارزار {0} را {1} رد کرد: {2}</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/send.py" line="243" />
        <source>Campaign {0} awaits approval: nothing is sent until an approver approves it in History; then Resume sends it.</source>
        <translation>کارزار {0} در انتظار تأیید است: تا یک تأییدکننده آن را در «تاریخچه» تأیید نکند چیزی فرستاده نمی‌شود؛ سپس «ادامه» آن را می‌فرستد.</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/send.py" line="249" />
        <location filename="../../app/ui/campaign/send.py" line="253" />
        <source>The campaign cannot start: {0}</source>
        <translation>کارزار شروع نمی‌شود: {0}</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/send.py" line="258" />
        <source>Campaign {0} is being sent again (from another desktop or the command line); its progress and controls are here.</source>
        <translation>کارزار {0} دوباره در حال ارسال است (از رایانه‌ای دیگر یا خط فرمان)؛ پیشرفت و کنترل‌هایش اینجاست.</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/send.py" line="265" />
        <source>The campaign could not be asked to stop: {0}</source>
        <translation>درخواست توقف کارزار ثبت نشد: {0}</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/send.py" line="281" />
        <source>Campaign {0} {1}: {2} sent, {3} failed, {4} unknown, {5} not sent.</source>
        <translation>کارزار {0} {1}: {2} ارسال‌شده، {3} ناموفق، {4} نامعلوم، {5} ارسال‌نشده.</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/send.py" line="379" />
        <source>{0} of {1}</source>
        <translation>{0} از {1}</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/send.py" line="308" />
        <source>Row {0}: {1} — {2}</source>
        <translation>ردیف {0}: {1} — {2}</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/send.py" line="330" />
        <source>Pausing after the messages on their way…</source>
        <translation>مکث پس از رسیدن پیام‌های در راه…</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/send.py" line="344" />
        <source>Cancel campaign {0}? {1} recipients have not been sent yet. A cancelled campaign cannot be resumed; its rest can be sent later as a new campaign.</source>
        <translation>کارزار {0} لغو شود؟ هنوز برای {1} گیرنده فرستاده نشده است. کارزار لغوشده را نمی‌توان ادامه داد؛ باقی‌مانده‌اش را می‌توان بعداً در کارزاری تازه فرستاد.</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/send.py" line="347" />
        <source>Cancel the campaign?</source>
        <translation>کارزار لغو شود؟</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/send.py" line="350" />
        <source>Cancelling after the messages on their way…</source>
        <translation>لغو پس از رسیدن پیام‌های در راه…</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/send.py" line="357" />
        <source>The campaign cannot be cancelled: {0}</source>
        <translation>کارزار لغو نمی‌شود: {0}</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/send.py" line="360" />
        <location filename="../../app/ui/campaign/send.py" line="361" />
        <source>Campaign {0} cancelled.</source>
        <translation>کارزار {0} لغو شد.</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/send.py" line="396" />
        <source>about {0} left</source>
        <translation>حدود {0} مانده</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/send.py" line="397" />
        <source>{0} per minute; {1}</source>
        <translation>{0} در دقیقه؛ {1}</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/send.py" line="399" />
        <source>{0} per minute</source>
        <translation>{0} در دقیقه</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/send.py" line="402" />
        <source>{0} of them by SMS</source>
        <translation>{0} نفرشان با پیامک</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/send.py" line="404" />
        <source>the service allows about {0} a minute</source>
        <translation>سرویس حدود {0} در دقیقه می‌پذیرد</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/send.py" line="406" />
        <source>; sharing it with 1 other campaign</source>
        <translation>؛ با ۱ کارزار دیگر تقسیم می‌شود</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/send.py" line="408" />
        <source>; sharing it with {0} other campaigns</source>
        <translation>؛ با {0} کارزار دیگر تقسیم می‌شود</translation>
    </message>
</context>
<context>
    <name>SendingTray</name>
    <message>
        <location filename="../../app/ui/tray.py" line="21" />
        <source>Show the window</source>
        <translation>نمایش پنجره</translation>
    </message>
    <message>
        <location filename="../../app/ui/tray.py" line="22" />
        <source>Pause the campaigns and quit</source>
        <translation>مکث کارزارها و خروج</translation>
    </message>
    <message>
        <location filename="../../app/ui/tray.py" line="29" />
        <source>Safir campaign: one campaign sending</source>
        <translation>کارزار سفیر: یک کارزار در حال ارسال</translation>
    </message>
    <message>
        <location filename="../../app/ui/tray.py" line="30" />
        <source>One campaign is still sending.</source>
        <translation>یک کارزار هنوز در حال ارسال است.</translation>
    </message>
    <message>
        <location filename="../../app/ui/tray.py" line="32" />
        <source>Safir campaign: {0} campaigns sending</source>
        <translation>کارزار سفیر: {0} کارزار در حال ارسال</translation>
    </message>
    <message>
        <location filename="../../app/ui/tray.py" line="33" />
        <source>{0} campaigns are still sending.</source>
        <translation>{0} کارزار هنوز در حال ارسال است.</translation>
    </message>
    <message>
        <location filename="../../app/ui/tray.py" line="35" />
        <source>The icon here shows the window again.</source>
        <translation>این نشانه پنجره را دوباره نشان می‌دهد.</translation>
    </message>
    <message>
        <location filename="../../app/ui/tray.py" line="35" />
        <source>Safir campaign</source>
        <translation>کارزار سفیر</translation>
    </message>
</context>
<context>
    <name>SeriesPanel</name>
    <message>
        <location filename="../../app/ui/panels/series.py" line="57" />
        <source>Series</source>
        <extracomment>The series of a journal, and each one's newest run with the status shown for it.</extracomment>
        <translation>سری</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/series.py" line="57" />
        <source>Name</source>
        <translation>نام</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/series.py" line="57" />
        <source>When</source>
        <translation>زمان</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/series.py" line="58" />
        <source>Status</source>
        <translation>وضعیت</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/series.py" line="58" />
        <source>Next run (Tehran time)</source>
        <translation>نوبت بعد (به وقت تهران)</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/series.py" line="59" />
        <source>Last run</source>
        <translation>آخرین اجرا</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/series.py" line="66" />
        <location filename="../../app/ui/panels/series.py" line="79" />
        <source>Repeating campaigns</source>
        <translation>کارزارهای تکرارشونده</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/series.py" line="71" />
        <source>Pause</source>
        <translation>مکث</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/series.py" line="71" />
        <source>Resume</source>
        <translation>ادامه</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/series.py" line="72" />
        <source>Stop</source>
        <translation>توقف</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/series.py" line="80" />
        <source>Each run reads its sheet again and is sent in the background, also with the window closed. Make one on the review step: Repeat.</source>
        <translation>هر نوبت برگه‌اش را دوباره می‌خواند و در پس‌زمینه فرستاده می‌شود، با پنجرهٔ بسته هم. در گام بازبینی با «تکرار» یکی بسازید.</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/series.py" line="117" />
        <source>none yet</source>
        <translation>هنوز هیچ</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/series.py" line="122" />
        <source>campaign {0}: {1}</source>
        <translation>کارزار {0}: {1}</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/series.py" line="129" />
        <source>Choose a series in the list first.</source>
        <translation>ابتدا یک سری را در فهرست برگزینید.</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/series.py" line="138" />
        <source>Series {0}: {1}.</source>
        <translation>سری {0}: {1}.</translation>
    </message>
</context>
<context>
    <name>SingleSend</name>
    <message>
        <location filename="../../app/ui/texts.py" line="267" />
        <source>Test sent to {0}.</source>
        <extracomment>What the operating system says when a file cannot be written or read (strerror). Of those, the ones never grouped: a row or line number, an id. Content problems whose words name the part of the message they are about. Reasons the window words its own way: what to do there, not on a command line. Team store roles as a person reads them (app.campaign.journal.TeamRole, and the owner).</extracomment>
        <translation>پیام آزمایشی به {0} فرستاده شد.</translation>
    </message>
    <message>
        <location filename="../../app/ui/texts.py" line="268" />
        <source>Sent to {0}: the service took it (message id {1}).</source>
        <translation>به {0} فرستاده شد: سرویس آن را پذیرفت (شناسهٔ پیام {1}).</translation>
    </message>
    <message>
        <location filename="../../app/ui/texts.py" line="271" />
        <source>The answer was lost on the way: it may have arrived. Sending again is safe.</source>
        <translation>پاسخ در راه گم شد: شاید پیام رسیده باشد. ارسال دوباره بی‌خطر است.</translation>
    </message>
    <message>
        <location filename="../../app/ui/texts.py" line="276" />
        <source>The test was not sent: {0}</source>
        <translation>پیام آزمایشی فرستاده نشد: {0}</translation>
    </message>
    <message>
        <location filename="../../app/ui/texts.py" line="277" />
        <source>Not sent: {0}</source>
        <translation>ارسال نشد: {0}</translation>
    </message>
</context>
<context>
    <name>SmsChoice</name>
    <message>
        <location filename="../../app/ui/campaign/sms_choice.py" line="27" />
        <source>Send an SMS to the numbers that have no Bale account</source>
        <translation>ارسال پیامک به شماره‌هایی که حساب بله ندارند</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/sms_choice.py" line="28" />
        <source>SMS to numbers without Bale</source>
        <translation>پیامک به شماره‌های بدون بله</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/sms_choice.py" line="29" />
        <source>Each number the service says has no Bale account gets the message by SMS, through the SMS gateway of this desktop (the sandbox's own in the demo), ending with the opt-out line «لغو ۱۱».</source>
        <translation>هر شماره‌ای که سرویس بگوید حساب بله ندارد، پیام را با پیامک از درگاه پیامک این رایانه (در نسخهٔ آزمایشی، درگاه خود محیط آزمایشی) می‌گیرد، با سطر لغو «لغو ۱۱» در پایان.</translation>
    </message>
</context>
<context>
    <name>SmsRepliesPanel</name>
    <message>
        <location filename="../../app/ui/panels/sms_replies.py" line="31" />
        <source>Replies to the SMS line of this profile's gateway. A reply that starts with «لغو», «۱۱», 11 or stop puts its number on the suppression list.</source>
        <translation>پاسخ‌هایی که به خط پیامک درگاه این نمایه رسیده است. پاسخی که با «لغو» یا «۱۱» شروع شود، شماره‌اش را به فهرست ممنوع می‌برد.</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/sms_replies.py" line="34" />
        <source>Read new replies</source>
        <translation>خواندن پاسخ‌های تازه</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/sms_replies.py" line="38" />
        <source>Replies to the SMS line</source>
        <translation>پاسخ‌ها به خط پیامک</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/sms_replies.py" line="44" />
        <source>SMS replies</source>
        <translation>پاسخ‌های پیامکی</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/sms_replies.py" line="75" />
        <source>{0} new replies; {1} opted out and are on the suppression list.</source>
        <translation>{0} پاسخ تازه؛ {1} نفر لغو کردند و در فهرست ممنوع‌اند.</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/sms_replies.py" line="76" />
        <source>No new replies.</source>
        <translation>پاسخ تازه‌ای نیست.</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/sms_replies.py" line="81" />
        <source>opted out: on the suppression list</source>
        <translation>لغو کرد: در فهرست ممنوع</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/sms_replies.py" line="82" />
        <source>asks to opt out, but it is no Iranian mobile number</source>
        <translation>می‌خواهد لغو کند، اما شمارهٔ همراه ایرانی نیست</translation>
    </message>
</context>
<context>
    <name>StepControls</name>
    <message>
        <location filename="../../app/ui/campaign/step_controls.py" line="20" />
        <source>Stop</source>
        <translation>توقف</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/step_controls.py" line="21" />
        <source>Stop the import, upload or export in progress</source>
        <translation>توقف خواندن، بارگذاری یا خروجی در جریان</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/step_controls.py" line="24" />
        <source>1. Recipients</source>
        <translation>۱. گیرندگان</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/step_controls.py" line="24" />
        <source>2. Message</source>
        <translation>۲. پیام</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/step_controls.py" line="24" />
        <source>3. Review</source>
        <translation>۳. بازبینی</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/step_controls.py" line="24" />
        <source>4. Send</source>
        <translation>۴. ارسال</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/step_controls.py" line="25" />
        <source>5. Results</source>
        <translation>۵. نتایج</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/step_controls.py" line="32" />
        <source>New campaign</source>
        <translation>کارزار تازه</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/step_controls.py" line="33" />
        <source>Start composing another campaign; one being sent goes on</source>
        <translation>نوشتن کارزاری دیگر را آغاز کنید؛ کارزاری که در حال ارسال است ادامه می‌یابد</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/step_controls.py" line="36" />
        <source>Back</source>
        <translation>قبلی</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/step_controls.py" line="37" />
        <source>Next</source>
        <translation>بعدی</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/step_controls.py" line="39" />
        <source>Previous step (Alt+Left)</source>
        <translation>گام قبلی (Alt+راست)</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/step_controls.py" line="40" />
        <source>Next step (Enter or Alt+Right)</source>
        <translation>گام بعدی (Enter یا Alt+چپ)</translation>
    </message>
</context>
<context>
    <name>SuppressionPanel</name>
    <message>
        <location filename="../../app/ui/panels/suppression.py" line="51" />
        <source>Numbers on this list are never messaged: every campaign skips them, one that is already sending too.</source>
        <extracomment>Numbers shown at once: a list of 100,000 would take the window's loop for a while at every keystroke of Find, and nobody reads that far (Find narrows it).</extracomment>
        <translation>به شماره‌های این فهرست هرگز پیامی فرستاده نمی‌شود: همهٔ کارزارها، حتی کارزاری که در حال ارسال است، از آن‌ها می‌گذرند.</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/suppression.py" line="55" />
        <source>Numbers to add or take off: one per line, or several separated by commas, e.g. {0}</source>
        <translation>شماره‌هایی برای افزودن یا برداشتن: هر کدام در یک سطر، یا چند شماره جداشده با ویرگول، مانند {0}</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/suppression.py" line="60" />
        <source>Numbers to add or take off</source>
        <translation>شماره‌هایی برای افزودن یا برداشتن</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/suppression.py" line="61" />
        <source>Add to the list</source>
        <translation>افزودن به فهرست</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/suppression.py" line="63" />
        <source>Take off the list</source>
        <translation>برداشتن از فهرست</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/suppression.py" line="65" />
        <source>Add a sheet's numbers…</source>
        <translation>افزودن شماره‌های یک صفحه‌گسترده…</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/suppression.py" line="67" />
        <source>Export…</source>
        <translation>خروجی…</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/suppression.py" line="69" />
        <source>Take the selected off</source>
        <translation>برداشتن شماره‌های برگزیده</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/suppression.py" line="72" />
        <location filename="../../app/ui/panels/suppression.py" line="74" />
        <source>Find a number</source>
        <translation>یافتن شماره</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/suppression.py" line="79" />
        <source>Numbers on the suppression list</source>
        <translation>شماره‌های فهرست ممنوع</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/suppression.py" line="93" />
        <source>Suppression list</source>
        <translation>فهرست ممنوع</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/suppression.py" line="134" />
        <source>{0} numbers are on the list.</source>
        <translation>{0} شماره در فهرست است.</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/suppression.py" line="135" />
        <source>{0} of {1} numbers match.</source>
        <translation>{0} از {1} شماره جور است.</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/suppression.py" line="137" />
        <source>The first {0} are shown; Find narrows them.</source>
        <translation>{0} شمارهٔ نخست نشان داده شده است؛ «یافتن» آن‌ها را کمتر می‌کند.</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/suppression.py" line="143" />
        <source>Type or paste the numbers to add first.</source>
        <translation>نخست شماره‌هایی را که باید افزوده شوند بنویسید یا جای‌گذاری کنید.</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/suppression.py" line="148" />
        <source>{0} added, {1} already on the list.</source>
        <translation>{0} افزوده شد، {1} از پیش در فهرست بود.</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/suppression.py" line="153" />
        <source>Type or choose the numbers to take off first.</source>
        <translation>نخست شماره‌هایی را که باید برداشته شوند بنویسید یا برگزینید.</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/suppression.py" line="157" />
        <source>{0} taken off the list.</source>
        <translation>{0} از فهرست برداشته شد.</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/suppression.py" line="175" />
        <source>Not a usable number: {0}</source>
        <translation>شمارهٔ نادرست: {0}</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/suppression.py" line="176" />
        <source>; </source>
        <translation>؛ </translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/suppression.py" line="186" />
        <source>{0}: {1} added, {2} already on the list, {3} rows without a usable number.</source>
        <translation>{0}: {1} افزوده شد، {2} از پیش در فهرست بود، {3} ردیف بی شمارهٔ درست.</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/suppression.py" line="195" />
        <source>The suppression list was written to {0}</source>
        <translation>فهرست ممنوع در {0} نوشته شد</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/suppression.py" line="215" />
        <source>Add a sheet's numbers to the suppression list</source>
        <translation>افزودن شماره‌های یک صفحه‌گسترده به فهرست ممنوع</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/suppression.py" line="222" />
        <source>Export the suppression list</source>
        <translation>خروجی گرفتن از فهرست ممنوع</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/suppression.py" line="223" />
        <source>Excel (*.xlsx);;CSV (*.csv)</source>
        <translation>اکسل (*.xlsx);;CSV (*.csv)</translation>
    </message>
</context>
<context>
    <name>TeamPanel</name>
    <message>
        <location filename="../../app/ui/panels/team.py" line="41" />
        <source>Member</source>
        <translation>عضو</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/team.py" line="41" />
        <location filename="../../app/ui/panels/team.py" line="52" />
        <source>Role</source>
        <translation>نقش</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/team.py" line="46" />
        <source>Members</source>
        <translation>اعضا</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/team.py" line="49" />
        <source>Member's login</source>
        <translation>نام کاربری عضو</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/team.py" line="50" />
        <source>their login: lower-case letters, digits, _ . -</source>
        <translation>نام کاربری: حروف کوچک لاتین، رقم، _ . -</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/team.py" line="57" />
        <source>Their password</source>
        <translation>گذرواژهٔ عضو</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/team.py" line="58" />
        <source>a password for a new login (empty: keep theirs)</source>
        <translation>گذرواژه برای نام کاربری تازه (خالی: گذرواژهٔ فعلی بماند)</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/team.py" line="59" />
        <source>Add or change role</source>
        <translation>افزودن یا تغییر نقش</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/team.py" line="60" />
        <source>Remove from the team</source>
        <translation>حذف از تیم</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/team.py" line="68" />
        <source>Login:</source>
        <translation>نام کاربری:</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/team.py" line="70" />
        <source>Role:</source>
        <translation>نقش:</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/team.py" line="72" />
        <source>Password:</source>
        <translation>گذرواژه:</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/team.py" line="80" />
        <source>Team</source>
        <translation>تیم</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/team.py" line="88" />
        <source>viewer (reads)</source>
        <translation>بیننده (فقط خواندن)</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/team.py" line="88" />
        <source>sender (makes and sends campaigns)</source>
        <translation>فرستنده (ساخت و ارسال کارزار)</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/team.py" line="89" />
        <source>approver (also approves others' campaigns)</source>
        <translation>تأییدکننده (تأیید کارزارهای دیگران نیز)</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/team.py" line="90" />
        <source>admin (also the rules and the members)</source>
        <translation>مدیر (قواعد و اعضا نیز)</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/team.py" line="90" />
        <source>owner of the store</source>
        <translation>مالک پایگاه</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/team.py" line="91" />
        <source>no role</source>
        <translation>بدون نقش</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/team.py" line="98" />
        <source>This desktop keeps its campaigns in its own journal. A team store has members, each with a role: Profiles and bots → Team store (docs/team.md).</source>
        <translation>این رایانه کارزارهایش را در دفتر خودش نگه می‌دارد. پایگاه مشترک تیم اعضایی دارد که هر کدام نقشی دارند: «نمایه‌ها و ربات‌ها» ← «پایگاه مشترک تیم» (docs/team.md).</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/team.py" line="109" />
        <source>You are {0}, {1}, on the team store {2}.</source>
        <translation>شما {0} هستید، با نقش {1}، در پایگاه مشترک تیم {2}.</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/team.py" line="137" />
        <location filename="../../app/ui/panels/team.py" line="150" />
        <source>Type the member's login first.</source>
        <translation>اول نام کاربری عضو را بنویسید.</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/team.py" line="144" />
        <source>{0} is now {1}.</source>
        <translation>نقش {0} اکنون {1} است.</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/team.py" line="156" />
        <source>{0} has no role on the team store any more.</source>
        <translation>{0} دیگر نقشی در پایگاه مشترک تیم ندارد.</translation>
    </message>
</context>
<context>
    <name>TeamStoreBox</name>
    <message>
        <location filename="../../app/ui/panels/team_store.py" line="27" />
        <source>Team store (shared with the other desktops of this account)</source>
        <translation>پایگاه مشترک تیم (مشترک با رایانه‌های دیگرِ همین حساب)</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/team_store.py" line="30" />
        <source>Team store address</source>
        <translation>نشانی پایگاه مشترک تیم</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/team_store.py" line="34" />
        <source>Team store password</source>
        <translation>گذرواژهٔ پایگاه مشترک تیم</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/team_store.py" line="35" />
        <source>stored in the keyring; leave empty to keep</source>
        <translation>در جاکلیدی نگه داشته می‌شود؛ برای حفظ مقدار قبلی خالی بگذارید</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/team_store.py" line="36" />
        <source>Check team store</source>
        <translation>بررسی پایگاه مشترک</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/team_store.py" line="37" />
        <source>Copy this desktop's campaigns into it</source>
        <translation>رونوشت کارزارهای این رایانه در آن</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/team_store.py" line="47" />
        <source>Address:</source>
        <translation>نشانی:</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/team_store.py" line="48" />
        <source>Password:</source>
        <translation>گذرواژه:</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/team_store.py" line="69" />
        <source>Do not put the password in the address: type it in the password field (it is kept in the keyring).</source>
        <translation>گذرواژه را در نشانی ننویسید: آن را در خانهٔ گذرواژه وارد کنید (در جاکلیدی نگه داشته می‌شود).</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/team_store.py" line="91" />
        <location filename="../../app/ui/panels/team_store.py" line="116" />
        <source>Type the team store's address first.</source>
        <translation>ابتدا نشانی پایگاه مشترک تیم را وارد کنید.</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/team_store.py" line="95" />
        <source>Connecting to the team store…</source>
        <translation>در حال اتصال به پایگاه مشترک تیم…</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/team_store.py" line="104" />
        <source>The team store {0} answers: {1} campaigns.</source>
        <translation>پایگاه مشترک تیم {0} پاسخ می‌دهد: {1} کارزار.</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/team_store.py" line="120" />
        <source>Copying…</source>
        <translation>در حال رونوشت…</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/team_store.py" line="134" />
        <source>Copied {0} campaigns and {1} suppressed numbers; {2} campaigns were there already.</source>
        <translation>{0} کارزار و {1} شمارهٔ فهرست ممنوع رونوشت شد؛ {2} کارزار از پیش آنجا بود.</translation>
    </message>
</context>
<context>
    <name>TemplateMapper</name>
    <message>
        <location filename="../../app/ui/campaign/template_mapper.py" line="46" />
        <source>a column, or a fixed text</source>
        <translation>یک ستون یا یک متن ثابت</translation>
    </message>
    <message>
        <location filename="../../app/ui/campaign/template_mapper.py" line="47" />
        <source>Value of {0}</source>
        <translation>مقدار {0}</translation>
    </message>
</context>
<context>
    <name>TemplatesPanel</name>
    <message>
        <location filename="../../app/ui/panels/templates.py" line="37" />
        <source>Template id</source>
        <translation>شناسهٔ قالب</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/templates.py" line="37" />
        <source>Body with {{fields}}</source>
        <translation>متن با {{فیلدها}}</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/templates.py" line="38" />
        <source>Category</source>
        <translation>دسته</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/templates.py" line="41" />
        <source>Template library</source>
        <translation>کتابخانهٔ قالب‌ها</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/templates.py" line="43" />
        <source>Add template</source>
        <translation>افزودن قالب</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/templates.py" line="44" />
        <source>Remove</source>
        <translation>حذف</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/templates.py" line="49" />
        <source>Service template</source>
        <translation>قالب خدماتی</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/templates.py" line="50" />
        <source>Promotional template</source>
        <translation>قالب تبلیغاتی</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/templates.py" line="51" />
        <source>Other message</source>
        <translation>پیام دیگر</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/templates.py" line="52" />
        <source>SMS part (fallback)</source>
        <translation>بخش پیامک (جایگزین)</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/templates.py" line="57" />
        <source>Price of a {0}</source>
        <translation>بهای {0}</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/templates.py" line="67" />
        <source>Templates</source>
        <translation>قالب‌ها</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/templates.py" line="68" />
        <source>Templates are made and approved in the business panel; list them here so fields are checked before sending and costs can be estimated.</source>
        <translation>قالب‌ها در پنل کسب‌وکار ساخته و تأیید می‌شوند؛ اینجا فهرستشان کنید تا فیلدها پیش از ارسال بررسی و هزینه‌ها تخمین زده شوند.</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/templates.py" line="72" />
        <source>Price per message:</source>
        <translation>بهای هر پیام:</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/templates.py" line="96" />
        <source>service</source>
        <translation>خدماتی</translation>
    </message>
    <message>
        <location filename="../../app/ui/panels/templates.py" line="97" />
        <source>promotional</source>
        <translation>تبلیغاتی</translation>
    </message>
</context>
<context>
    <name>model</name>
    <message>
        <location filename="../../app/ui/tables.py" line="45" />
        <source>All rows</source>
        <extracomment>Statuses the results tables can be filtered by ("" = all rows). Rows measured when a results table sizes its columns to their contents.</extracomment>
        <translation>همهٔ ردیف‌ها</translation>
    </message>
    <message>
        <location filename="../../app/ui/tables.py" line="46" />
        <source>Show rows with status</source>
        <translation>نمایش ردیف‌های با وضعیت</translation>
    </message>
</context>
<context><name>ResultsModel</name><message><source>Row</source><translation>ردیف</translation></message><message><source>Phone as typed</source><translation>تلفن همان‌طور که نوشته شده</translation></message><message><source>Phone</source><translation>تلفن</translation></message><message><source>Status</source><translation>وضعیت</translation></message><message><source>Details</source><translation>جزئیات</translation></message><message><source>Message id</source><translation>شناسهٔ پیام</translation></message><message><source>Campaign</source><translation>کارزار</translation></message><message><source>Created</source><translation>ساخته‌شده در</translation></message><message><source>Created (Tehran)</source><translation>ساخته‌شده در (به وقت تهران)</translation></message><message><source>Name</source><translation>نام</translation></message><message><source>Kind</source><translation>نوع</translation></message><message><source>Sent</source><translation>ارسال‌شده</translation></message><message><source>Failed</source><translation>ناموفق</translation></message><message><source>Unknown</source><translation>نامعلوم</translation></message><message><source>Left</source><translation>مانده</translation></message><message><source>All rows</source><translation>همهٔ ردیف‌ها</translation></message><message><source>Show rows with status</source><translation>نمایش ردیف‌های با وضعیت</translation></message><message><source>valid</source><translation>معتبر</translation></message><message><source>invalid</source><translation>نامعتبر</translation></message><message><source>duplicate</source><translation>تکراری</translation></message><message><source>suppressed</source><translation>مسدود</translation></message><message><source>empty</source><translation>خالی</translation></message><message><source>sent</source><translation>ارسال‌شده</translation></message><message><source>failed</source><translation>ناموفق</translation></message><message><source>unknown</source><translation>نامعلوم</translation></message><message><source>pending</source><translation>در انتظار</translation></message><message><source>not_sent</source><translation>فرستاده‌نشده</translation></message><message><source>in_flight</source><translation>در حال ارسال</translation></message><message><source>skipped</source><translation>کنار گذاشته</translation></message><message><source>repeat</source><translation>تکرار</translation></message><message><source>scheduled</source><translation>زمان‌بندی‌شده</translation></message><message><source>interrupted</source><translation>قطع شد</translation></message><message><source>finished</source><translation>تمام‌شده</translation></message><message><source>paused</source><translation>متوقف</translation></message><message><source>cancelled</source><translation>لغوشده</translation></message><message><source>running</source><translation>در حال اجرا</translation></message><message><source>ready</source><translation>آماده</translation></message><message><source>text</source><translation>متن</translation></message><message><source>media</source><translation>رسانه</translation></message><message><source>otp</source><translation>رمز یک‌بارمصرف</translation></message><message><source>buttons</source><translation>دکمه‌ها</translation></message><message><source>template</source><translation>قالب</translation></message><message><source>Starts</source><translation>شروع</translation></message><message><source>Made by</source><translation>سازنده</translation></message><message><source>capped</source><translation>رسیده به سقف ارسال</translation></message><message><source>awaiting approval</source><translation>در انتظار تأیید</translation></message><message><source>rejected</source><translation>ردشده</translation></message><message><source>active</source><translation>فعال</translation></message><message><source>stopped</source><translation>پایان‌یافته</translation></message></context><context><name>QShortcut</name><message><source>Return</source><translation>اینتر</translation></message><message><source>Enter</source><translation>اینتر</translation></message></context><context><name>QFileDialog</name><message><source>&amp;Look in:</source><translation>&amp;جستجو در:</translation></message><message><source>Files of &amp;type:</source><translation>پرونده‌هایی از &amp;نوع:</translation></message></context><context><name>QAbstractFileIconProvider</name><message><source>Folder</source><translation>پوشه</translation></message><message><source>Drive</source><translation>درایو</translation></message><message><source>File</source><translation>پرونده</translation></message><message><source>%1 File</source><translation>پروندهٔ %1</translation></message></context><context><name>Reasons</name><message><source>the phone cell is empty</source><translation>خانهٔ شماره خالی است</translation></message><message><source>nothing of this message can go by SMS (a template, or media without a caption)</source><translation>هیچ بخشی از این پیام با پیامک فرستادنی نیست (قالب، یا رسانهٔ بی‌توضیح)</translation></message><message><source>the SMS gateway did not confirm it: it is sent again under the same id, never twice</source><translation>درگاه پیامک آن را تأیید نکرد: با همان شناسه دوباره فرستاده می‌شود و هرگز دو بار نمی‌رسد</translation></message><message><source>written in scientific notation, so Excel has lost digits: format the column as text in the source and export again</source><translation>به نماد علمی نوشته شده و اکسل رقم‌هایی را انداخته است: ستون را در فایل اصلی «متنی» کنید و دوباره خروجی بگیرید</translation></message><message><source>contains letters or symbols that are not part of a phone number</source><translation>حرف یا نشانه‌ای دارد که جزو شمارهٔ تلفن نیست</translation></message><message><source>{digits} digits: not an Iranian mobile number (expected 09xx xxx xxxx)</source><translation>{digits} رقم: شمارهٔ همراه ایرانی نیست (باید مانند 09xx xxx xxxx باشد)</translation></message><message><source>not a phone number</source><translation>شمارهٔ تلفن نیست</translation></message><message><source>a foreign number (+{country}, {region}), not Iranian</source><translation>شمارهٔ خارجی است (+{country})، نه ایرانی</translation></message><message><source>wrong number of digits for an Iranian mobile (expected 09xx xxx xxxx)</source><translation>تعداد رقم‌ها برای همراه ایرانی درست نیست (باید مانند 09xx xxx xxxx باشد)</translation></message><message><source>a landline number, not a mobile</source><translation>شمارهٔ تلفن ثابت است، نه همراه</translation></message><message><source>a VoIP number, not a mobile</source><translation>شمارهٔ تلفن اینترنتی (VoIP) است، نه همراه</translation></message><message><source>a toll-free number, not a mobile</source><translation>شمارهٔ رایگان است، نه همراه</translation></message><message><source>a premium-rate number, not a mobile</source><translation>شمارهٔ خدمات ویژه است، نه همراه</translation></message><message><source>a shared-cost number, not a mobile</source><translation>شمارهٔ هزینهٔ مشترک است، نه همراه</translation></message><message><source>a company (UAN) number, not a mobile</source><translation>شمارهٔ یکسان شرکت‌ها (UAN) است، نه همراه</translation></message><message><source>a pager number, not a mobile</source><translation>شمارهٔ پیجر است، نه همراه</translation></message><message><source>not an Iranian mobile prefix</source><translation>پیش‌شمارهٔ همراه ایرانی نیست</translation></message><message><source>a formula whose result was not saved: open and save the file in Excel or LibreOffice, or paste values</source><translation>فرمولی است که نتیجه‌اش ذخیره نشده: فایل را در اکسل یا لیبره‌آفیس باز و ذخیره کنید، یا مقدارها را جای فرمول بچسبانید</translation></message><message><source>the {column} cell is a formula whose result was not saved: open and save the file in Excel or LibreOffice, or paste values</source><translation>خانهٔ {column} فرمولی است که نتیجه‌اش ذخیره نشده: فایل را در اکسل یا لیبره‌آفیس باز و ذخیره کنید، یا مقدارها را جای فرمول بچسبانید</translation></message><message><source>same number as row {row}</source><translation>همان شمارهٔ ردیف {row}</translation></message><message><source>on the suppression list</source><translation>در فهرست ممنوع است</translation></message><message><source>already got this message in campaign {campaign}</source><translation>این پیام را در کارزار {campaign} گرفته است</translation></message><message><source>still to get this message from campaign {campaign}, which is not cancelled</source><translation>این پیام را از کارزار {campaign} (که لغو نشده) هنوز باید بگیرد</translation></message><message><source>the frequency cap: this number got {count} messages in the last {days} days</source><translation>سقف دفعات ارسال: این شماره در {days} روز گذشته {count} پیام گرفته است</translation></message><message><source>on the suppression list; an earlier request's answer was lost, so that one may have arrived</source><translation>در فهرست ممنوع است؛ پاسخ درخواست قبلی گم شد، پس شاید همان یکی رسیده باشد</translation></message><message><source>this row makes an invalid message: {detail}</source><translation>این ردیف پیام نادرستی می‌سازد: {detail}</translation></message><message><source>this row makes an invalid message: {field}: {problem}</source><translation>این ردیف پیام نادرستی می‌سازد: {field}: {problem}</translation></message><message><source>this row makes an invalid message: {problem}</source><translation>این ردیف پیام نادرستی می‌سازد: {problem}</translation></message><message><source>not sent: the campaign was cancelled</source><translation>فرستاده نشد: کارزار لغو شد</translation></message><message><source>stopped before its answer arrived; a resume re-sends it safely</source><translation>پیش از رسیدن پاسخ متوقف شد؛ ادامهٔ کارزار آن را بی‌خطر دوباره می‌فرستد</translation></message><message><source>unexpected error: {kind}</source><translation>خطای پیش‌بینی‌نشده: {kind}</translation></message><message><source>paused by the user</source><translation>به دستور کاربر متوقف شد</translation></message><message><source>the SMS gateway refused the campaign's messages: {detail}; the numbers without a Bale account wait to be sent by SMS when it is resumed</source><translation>درگاه پیامک پیام‌های کارزار را نپذیرفت: {detail}؛ شماره‌های بدون حساب بله پس از ادامهٔ کارزار با پیامک فرستاده می‌شوند</translation></message><message><source>{count} recipients have no Bale account and wait for their SMS: resume the campaign to send them</source><translation>{count} گیرنده حساب بله ندارند و در انتظار پیامک‌اند: برای فرستادنشان کارزار را ادامه دهید</translation></message><message><source>{count} recipients have no Bale account and this campaign sends them by SMS, but no SMS gateway is set up (SAFIR_SMS_API_KEY and SAFIR_SMS_SENDER): set it and resume</source><translation>{count} گیرنده حساب بله ندارند و این کارزار برایشان پیامک می‌فرستد، اما درگاه پیامکی تنظیم نشده است (SAFIR_SMS_API_KEY و SAFIR_SMS_SENDER): آن را تنظیم کنید و کارزار را ادامه دهید</translation></message><message><source>cancelled by the user</source><translation>به دستور کاربر لغو شد</translation></message><message><source>paused: {member} rejected it: {note}</source><translation>متوقف شد: {member} آن را رد کرد: {note}</translation></message><message><source>paused because the window was closed</source><translation>چون پنجره بسته شد، متوقف شد</translation></message><message><source>interrupted</source><translation>قطع شد</translation></message><message><source>the sending process could not be started ({detail}): reinstall the app</source><translation>فرایند ارسال اجرا نشد ({detail}): برنامه را دوباره نصب کنید</translation></message><message><source>the sending process stopped at once (exit status {status}): {detail}</source><translation>فرایند ارسال بی‌درنگ متوقف شد (وضعیت خروج {status}): {detail}</translation></message><message><source>the sending process did not start sending within {seconds} s (see {file})</source><translation>فرایند ارسال در {seconds} ثانیه شروع به ارسال نکرد ({file} را ببینید)</translation></message><message><source>the process sending the campaign stopped unexpectedly (exit status {status}); resume it: nothing is sent twice</source><translation>فرایندی که کارزار را می‌فرستاد ناگهان متوقف شد (وضعیت خروج {status})؛ کارزار را ادامه دهید: هیچ پیامی دو بار فرستاده نمی‌شود</translation></message><message><source>the process sending the campaign stopped unexpectedly; resume it: nothing is sent twice</source><translation>فرایندی که کارزار را می‌فرستاد ناگهان متوقف شد؛ کارزار را ادامه دهید: هیچ پیامی دو بار فرستاده نمی‌شود</translation></message><message><source>interrupted ({signal})</source><translation>قطع شد ({signal})</translation></message><message><source>the service did not confirm {count} messages after {rounds} re-sends; resume later to re-send them under the same request_id (the service drops duplicates)</source><translation>سرویس دریافت {count} پیام را پس از {rounds} بار ارسال دوباره تأیید نکرد؛ بعداً کارزار را ادامه دهید تا با همان شناسهٔ درخواست دوباره فرستاده شوند (سرویس پیام تکراری نمی‌فرستد)</translation></message><message><source>{count} recipients were not sent yet; resume the campaign</source><translation>هنوز برای {count} گیرنده فرستاده نشده است؛ کارزار را ادامه دهید</translation></message><message><source>the service at {url} is not answering ({count} requests in a row had no answer); resume when it answers again (nothing is sent twice)</source><translation>سرویس در {url} پاسخ نمی‌دهد ({count} درخواست پشت سر هم بی‌پاسخ ماند)؛ وقتی دوباره پاسخ داد ادامه دهید (هیچ پیامی دو بار فرستاده نمی‌شود)</translation></message><message><source>the service at {url} has not answered for {seconds} s; resume when it answers again (messages already out are re-sent under the same request_id, so nothing is sent twice)</source><translation>سرویس در {url} {seconds} ثانیه است که پاسخ نداده؛ وقتی دوباره پاسخ داد ادامه دهید (پیام‌های در راه با همان شناسهٔ درخواست دوباره فرستاده می‌شوند و هیچ پیامی دو بار نمی‌رسد)</translation></message><message><source>the service refused {count} messages in a row with the same answer ({answer}): the template, bot or message is probably wrong for this account; nothing was sent to those recipients. Resume once the account has it right (a template approved, a bot added), or cancel the campaign and send again with the right message</source><translation>سرویس {count} پیام پشت سر هم را با یک پاسخ رد کرد ({answer}): احتمالاً قالب، بات یا پیام برای این حساب درست نیست؛ به آن گیرندگان چیزی فرستاده نشد. وقتی حساب درست شد (قالب تأیید شد، بات افزوده شد) ادامه دهید، یا کارزار را لغو کنید و با پیام درست دوباره بفرستید</translation></message><message><source>an unexpected error stopped the campaign ({kind}: {detail}); see the log, then resume it</source><translation>خطایی پیش‌بینی‌نشده کارزار را متوقف کرد ({kind}: {detail})؛ گزارش را ببینید و سپس کارزار را ادامه دهید</translation></message><message><source>{error}. Fix this, then resume the campaign.</source><translation>{error}. این را درست کنید و سپس کارزار را ادامه دهید.</translation></message><message><source>the suppression list {file} could not be read ({detail}); fix it, then resume the campaign (nobody was messaged without it being checked)</source><translation>فهرست ممنوع {file} خوانده نشد ({detail})؛ آن را درست کنید و سپس کارزار را ادامه دهید (به هیچ‌کس بدون بررسی آن پیام نرفت)</translation></message><message><source>{error}. Check the network, then resume the campaign.</source><translation>{error}. شبکه را بررسی کنید و سپس کارزار را ادامه دهید.</translation></message><message><source>{member} was removed from the team while sending it; another member can resume it (nothing is sent twice)</source><translation>{member} هنگام فرستادن آن از تیم برداشته شد؛ عضو دیگری می‌تواند آن را ادامه دهد (هیچ پیامی دو بار فرستاده نمی‌شود)</translation></message><message><source>must be one of {kinds}</source><translation>باید یکی از این‌ها باشد: {kinds}</translation></message><message><source>the message text is empty</source><translation>متن پیام خالی است</translation></message><message><source>it holds a character that cannot be sent (a broken paste, or a terminal in another encoding): type it again</source><translation>نویسه‌ای دارد که فرستادنی نیست (چسباندنی ناقص، یا ترمینالی با رمزگذاری دیگر): دوباره بنویسیدش</translation></message><message><source>type the phone number first</source><translation>اول شمارهٔ تلفن را بنویسید</translation></message><message><source>upload a file first</source><translation>نخست فایلی بارگذاری کنید</translation></message><message><source>add at least one button</source><translation>دست‌کم یک دکمه بیفزایید</translation></message><message><source>a message can have at most {limit} buttons</source><translation>هر پیام حداکثر {limit} دکمه می‌تواند داشته باشد</translation></message><message><source>the text is {length} characters long; it can be at most {limit}</source><translation>متن {length} نویسه است؛ حداکثر {limit} نویسه می‌تواند باشد</translation></message><message><source>the caption is {length} characters long; it can be at most {limit}</source><translation>زیرنویس {length} نویسه است؛ حداکثر {limit} نویسه می‌تواند باشد</translation></message><message><source>the template field's value is {length} characters long; it can be at most {limit}</source><translation>مقدار فیلد قالب {length} نویسه است؛ حداکثر {limit} نویسه می‌تواند باشد</translation></message><message><source>the copy text is {length} characters long; it can be at most {limit}</source><translation>متن رونوشت {length} نویسه است؛ حداکثر {limit} نویسه می‌تواند باشد</translation></message><message><source>{count} buttons; a message can have at most {limit}</source><translation>{count} دکمه؛ هر پیام حداکثر {limit} دکمه می‌تواند داشته باشد</translation></message><message><source>name the column with the one-time passwords</source><translation>ستونی را که رمزهای یک‌بارمصرف در آن است نام ببرید</translation></message><message><source>choose a template</source><translation>الگویی برگزینید</translation></message><message><source>the template has no field {field}</source><translation>الگو فیلدی به نام {field} ندارد</translation></message><message><source>a row needs at least one button</source><translation>هر ردیف دست‌کم یک دکمه می‌خواهد</translation></message><message><source>a button needs a label</source><translation>دکمه برچسب می‌خواهد</translation></message><message><source>a button needs a url, a web_app url or a copy text</source><translation>دکمه نشانی وب، نشانی مینی‌اپ یا متنی برای رونوشت می‌خواهد</translation></message><message><source>a button's address must start with https:// (or http://): {url}</source><translation>نشانی دکمه باید با https://‎ (یا http://‎) آغاز شود: {url}</translation></message><message><source>{placeholder}: unknown filter; the one there is: |jalali</source><translation>{placeholder}: پالایهٔ ناشناخته؛ تنها پالایهٔ موجود |jalali است</translation></message><message><source>{value} is not a date (expected a date cell or YYYY-MM-DD)</source><translation>{value} تاریخ نیست (یک خانهٔ تاریخ یا YYYY-MM-DD لازم است)</translation></message><message><source>the one-time password must be a number of 3 to 8 digits</source><translation>رمز یک‌بارمصرف باید عددی ۳ تا ۸ رقمی باشد</translation></message><message><source>uses {placeholder} but the sheet has no such column; its columns: {columns}</source><translation>{placeholder} را به کار برده ولی جدول چنین ستونی ندارد؛ ستون‌های جدول: {columns}</translation></message><message><source>uses {placeholder}, but there is no sheet to fill it from</source><translation>{placeholder} را به کار برده ولی جدولی نیست که از آن پر شود</translation></message><message><source>a field needs a name before '='</source><translation>فیلد پیش از «=» نام می‌خواهد</translation></message><message><source>a {kind} message cannot go by SMS: turn the SMS fallback off, or send a text</source><translation>پیام از نوع {kind} با پیامک فرستادنی نیست: ارسال پیامک را خاموش کنید، یا متن بفرستید</translation></message><message><source>a secure message cannot go by SMS (an SMS is not secure): turn the SMS fallback off</source><translation>پیام امن با پیامک فرستادنی نیست (پیامک امن نیست): ارسال پیامک را خاموش کنید</translation></message><message><source>waiting for the start time {start}</source><translation>در انتظار زمان شروع {start}</translation></message><message><source>quiet hours until {end} ({zone})</source><translation>ساعت‌های سکوت تا {end} ({zone})</translation></message><message><source>re-sending {count} messages whose answer was lost, under the same request_id, in {seconds} s</source><translation>ارسال دوبارهٔ {count} پیامی که پاسخشان گم شد، با همان شناسهٔ درخواست، تا {seconds} ثانیهٔ دیگر</translation></message><message><source>the last balance the service reported ({balance}) would not pay for this run's {count} messages; it starts once a balance check shows enough</source><translation>آخرین اعتباری که سرویس گزارش داد ({balance}) هزینهٔ {count} پیامِ این نوبت را نمی‌پوشاند؛ وقتی بررسی اعتبار مقدار کافی نشان دهد آغاز می‌شود</translation></message><message><source>campaign {campaign} was made, but there is no API access key for {url}: resume it by hand</source><translation>کارزار {campaign} ساخته شد، اما کلید دسترسی API برای {url} نیست: آن را خودتان ادامه دهید</translation></message><message><source>quick send to {phone}</source><translation>ارسال سریع به {phone}</translation></message><message><source>test send to {phone}</source><translation>ارسال آزمایشی به {phone}</translation></message><message><source>one-time password (v2) to {phone}</source><translation>رمز یک‌بارمصرف (نسخهٔ ۲) به {phone}</translation></message><message><source>{name} (retry of {id})</source><translation>{name} (تلاش دوباره برای {id})</translation></message><message><source>{name} (rest of {id})</source><translation>{name} (باقی‌ماندهٔ {id})</translation></message><message><source>{file} was not found.</source><translation>{file} پیدا نشد.</translation></message><message><source>{file} is password-protected: open it, remove the password and save it again.</source><translation>{file} گذرواژه دارد: آن را باز کنید، گذرواژه را بردارید و دوباره ذخیره کنید.</translation></message><message><source>{file} is password-protected: open it in Excel, remove the password (File &gt; Info &gt; Protect Workbook) and save it again.</source><translation>{file} گذرواژه دارد: آن را در اکسل باز کنید، گذرواژه را بردارید (File &gt; Info &gt; Protect Workbook) و دوباره ذخیره کنید.</translation></message><message><source>{file} could not be opened as a workbook: it is damaged, or another kind of file under a spreadsheet's name; open it in Excel or LibreOffice and save it again as XLSX ({detail}).</source><translation>{file} را نمی‌توان به‌عنوان کارپوشهٔ اکسل باز کرد: یا آسیب دیده یا پرونده‌ای از نوعی دیگر با نام صفحه‌گسترده است؛ آن را در اکسل یا لیبره‌آفیس باز کنید و دوباره با قالب XLSX ذخیره کنید.</translation></message><message><source>{file}: unsupported file type {suffix}; use CSV, XLSX, XLS or ODS.</source><translation>{file}: نوع فایل {suffix} پشتیبانی نمی‌شود؛ از CSV، XLSX، XLS یا ODS استفاده کنید.</translation></message><message><source>{file} disappeared while it was being read.</source><translation>{file} هنگام خواندن از دسترس رفت.</translation></message><message><source>the suppression list {file} could not be read ({detail}).</source><translation>فهرست ممنوع {file} خوانده نشد ({detail}).</translation></message><message><source>{file} is too large to read with the memory available.</source><translation>{file} برای حافظهٔ موجود بیش از اندازه بزرگ است.</translation></message><message><source>{file} could not be read ({detail}).</source><translation>{file} خوانده نشد ({detail}).</translation></message><message><source>the sheet {sheet} of {file} is empty.</source><translation>برگهٔ {sheet} در {file} خالی است.</translation></message><message><source>{file} is empty.</source><translation>{file} خالی است.</translation></message><message><source>{file} has a header row but no data rows.</source><translation>{file} ردیف سرستون دارد ولی هیچ ردیف داده‌ای ندارد.</translation></message><message><source>{file} has no sheet named {sheet}; its sheets are: {sheets}.</source><translation>{file} برگه‌ای به نام {sheet} ندارد؛ برگه‌هایش: {sheets}.</translation></message><message><source>{file} is not a text CSV file (it looks binary); save it as CSV or XLSX.</source><translation>{file} فایل متنی CSV نیست (دودویی به نظر می‌رسد)؛ آن را به‌صورت CSV یا XLSX ذخیره کنید.</translation></message><message><source>{file} is not a well-formed CSV file ({detail}).</source><translation>{file} فایل CSV درستی نیست ({detail}).</translation></message><message><source>{file}: line {line} has {found} values where the header has {expected}: a comma inside a value without quotes, or a file that is not a table. Open it in Excel or LibreOffice and save it again as CSV or XLSX.</source><translation>{file}: سطر {line} {found} مقدار دارد اما سطر عنوان {expected} ستون دارد: ویرگولی درون یک مقدار بدون گیومه، یا فایلی که جدول نیست. آن را در Excel یا LibreOffice باز کنید و دوباره با قالب CSV یا XLSX ذخیره کنید.</translation></message><message><source>{file}: unknown text encoding; save it as UTF-8 CSV or XLSX.</source><translation>{file}: رمزگذاری متن ناشناخته است؛ آن را به‌صورت CSV با UTF-8 یا XLSX ذخیره کنید.</translation></message><message><source>{file}: line {line} is in another text encoding than the rest of the file ({odd} instead of {most}); it was probably pasted from another program, and its letters would reach recipients scrambled. Open the file, type or paste that line again, and save the file as CSV UTF-8 (or as XLSX).</source><translation>{file}: رمزگذاری خط {line} با بقیهٔ فایل فرق دارد ({odd} به جای {most})؛ احتمالاً از برنامهٔ دیگری چسبانده شده و حرف‌هایش درهم به گیرندگان می‌رسد. فایل را باز کنید، آن خط را دوباره بنویسید یا بچسبانید و فایل را به‌صورت CSV UTF-8 (یا XLSX) ذخیره کنید.</translation></message><message><source>no column named {column} in {file}; its columns are: {columns}.</source><translation>ستونی به نام {column} در {file} نیست؛ ستون‌هایش: {columns}.</translation></message><message><source>no column of {file} looks like phone numbers; name one with --phone-column (columns: {columns}).</source><translation>هیچ ستونی از {file} شبیه شمارهٔ تلفن نیست؛ ستون تلفن را خودتان برگزینید (ستون‌ها: {columns}).</translation></message><message><source>cannot write {file}: choose a .csv or .xlsx file name.</source><translation>نوشتن {file} ممکن نیست: نامی با پسوند ‎.csv یا ‎.xlsx برگزینید.</translation></message><message><source>cannot write {file}: {detail}.</source><translation>نوشتن {file} ممکن نیست: {detail}.</translation></message><message><source>cannot open {file} to copy it: {detail}.</source><translation>باز کردن {file} برای رونوشت ممکن نیست: {detail}.</translation></message><message><source>the team store {store} cannot be reached ({detail}): check that its server runs and the address is right; sending resumes once it answers (nothing is sent twice)</source><translation>پایگاه مشترک تیم {store} در دسترس نیست ({detail}): بررسی کنید که سرورش روشن و نشانی درست باشد؛ ارسال هر وقت پاسخ دهد ادامه می‌یابد (هیچ پیامی دو بار فرستاده نمی‌شود)</translation></message><message><source>the team store {store} refused the login of {user}: check the user name and password</source><translation>پایگاه مشترک تیم {store} ورود {user} را نپذیرفت: نام کاربری و گذرواژه را بررسی کنید</translation></message><message><source>the team store {store} asks {user} for a password and none was given: keep it with 'safir-campaign store password URL', or put it in PGPASSWORD or ~/.pgpass</source><translation>پایگاه مشترک تیم {store} از {user} گذرواژه می‌خواهد و گذرواژه‌ای داده نشده است: آن را با 'safir-campaign store password URL' نگه دارید، یا در PGPASSWORD یا ‎~/.pgpass بگذارید</translation></message><message><source>the team store {store} has no database {database}: create it (see docs/team.md)</source><translation>پایگاه مشترک تیم {store} پایگاه‌داده‌ای به نام {database} ندارد: آن را بسازید (راهنمای docs/team.md)</translation></message><message><source>the team store {store} does not let {user} do this ({detail}): a team admin gives each member the role they need (safir-campaign team list; docs/team.md, "Members and roles")</source><translation>پایگاه مشترک تیم {store} این کار را به {user} اجازه نمی‌دهد ({detail}): مدیر تیم نقش لازم را به هر عضو می‌دهد (safir-campaign team list؛ docs/team.md، بخش «اعضا و نقش‌ها»)</translation></message><message><source>the team store {store} is out of disk space: free some on its server, then resume</source><translation>دیسک سرور پایگاه مشترک تیم {store} پر است: روی سرور جا باز کنید و سپس ادامه دهید</translation></message><message><source>the team store {store} was set up by a newer version of the app (schema {version}): update the app on this desktop</source><translation>پایگاه مشترک تیم {store} با نسخهٔ تازه‌تری از برنامه ساخته شده است (طرح {version}): برنامهٔ این رایانه را به‌روز کنید</translation></message><message><source>{address} is not a team store address: a team store is a PostgreSQL database, written postgresql://USER@HOST:PORT/DATABASE</source><translation>{address} نشانی پایگاه مشترک تیم نیست: پایگاه مشترک تیم یک پایگاه‌دادهٔ PostgreSQL است و نشانی‌اش به شکل ⁦postgresql://USER@HOST:PORT/DATABASE⁩ نوشته می‌شود</translation></message><message><source>the team store {store} failed: {detail}</source><translation>پایگاه مشترک تیم {store} خطا داد: {detail}</translation></message><message><source>the team store {store} must be brought up to this version of the app (schema {version}) by its owner, {owner}: ask them to open it once with this version</source><translation>پایگاه مشترک تیم {store} باید به دست مالکش، {owner}، با این نسخهٔ برنامه (طرح {version}) به‌روز شود: از او بخواهید یک بار آن را با این نسخه باز کند</translation></message><message><source>the team store {store} now keeps its members as database roles, and its owner {owner} needs the right to create them: as a PostgreSQL superuser run ALTER ROLE {owner} CREATEROLE, then open the store again (docs/team.md)</source><translation>پایگاه مشترک تیم {store} اکنون اعضا را به شکل نقش‌های پایگاه داده نگه می‌دارد و مالکش {owner} باید اجازهٔ ساختن آن‌ها را داشته باشد: با کاربر ارشد PostgreSQL دستور ALTER ROLE {owner} CREATEROLE را اجرا کنید و پایگاه را دوباره باز کنید (docs/team.md)</translation></message><message><source>the disk holding {folder} is full: free some space, then resume the campaign</source><translation>دیسکی که {folder} روی آن است پر است: جا باز کنید و سپس کارزار را ادامه دهید</translation></message><message><source>the disk holding {folder} failed to write (disk I/O error): check the disk, then resume the campaign</source><translation>دیسکی که {folder} روی آن است نتوانست بنویسد (خطای ورودی/خروجی دیسک): دیسک را بررسی کنید و سپس کارزار را ادامه دهید</translation></message><message><source>the journal {path} cannot be written (read-only file, folder or disk): make it writable, then try again</source><translation>دفتر ثبت {path} نوشتنی نیست (پرونده، پوشه یا دیسک فقط‌خواندنی است): آن را نوشتنی کنید و دوباره امتحان کنید</translation></message><message><source>the journal {path} is damaged: move it aside (a new one is started) or restore it from a backup</source><translation>دفتر ثبت {path} آسیب دیده است: آن را جابه‌جا کنید (دفتر تازه‌ای آغاز می‌شود) یا از نسخهٔ پشتیبان برگردانید</translation></message><message><source>the journal {path} is locked by another program: close it and try again</source><translation>دفتر ثبت {path} در دست برنامهٔ دیگری است: آن را ببندید و دوباره امتحان کنید</translation></message><message><source>the journal {path} cannot be opened: check that {folder} exists and is writable</source><translation>دفتر ثبت {path} باز نمی‌شود: بررسی کنید که {folder} وجود دارد و نوشتنی است</translation></message><message><source>the disk holding {folder} is full, so the campaign was not created (nothing was stored or sent): free some space, then send it again</source><translation>دیسکی که {folder} روی آن است پر است، پس کارزار ساخته نشد (چیزی ذخیره یا فرستاده نشد): جا باز کنید و سپس دوباره بفرستید</translation></message><message><source>the journal {path} failed: {detail}</source><translation>دفتر ثبت {path} خطا داد: {detail}</translation></message><message><source>the journal {path} was deleted or replaced while it was in use: sending stopped at once. A new journal knows nothing of what was sent, so do not send the same sheet again (everyone would get it twice): restore the journal from a backup, or see the log of what was sent</source><translation>دفتر ثبت {path} هنگام کار حذف یا جایگزین شد: ارسال بی‌درنگ متوقف شد. دفتر ثبت تازه از آنچه فرستاده شده خبر ندارد، پس همان فهرست را دوباره نفرستید (همه دو بار دریافت می‌کنند): دفتر ثبت را از نسخهٔ پشتیبان برگردانید یا گزارش ارسال‌ها را ببینید</translation></message><message><source>the campaign's lock {path} was deleted or replaced while it was sending: sending stopped at once, so that no second sender sends beside it. The journal is intact: resume the campaign to send the rest (nobody gets it twice)</source><translation>قفل کارزار {path} هنگام ارسال حذف یا جایگزین شد: ارسال بی‌درنگ متوقف شد تا فرستنده‌ی دومی هم‌زمان با آن نفرستد. دفتر ثبت سالم است: برای فرستادن بقیه، کارزار را از سر بگیرید (به هیچ‌کس دو بار نمی‌رسد)</translation></message><message><source>the journal's log {path} was deleted while it was in use: sending stopped at once, and what the log held was written into the journal. Resume the campaign to send the rest</source><translation>گزارش تغییرات دفتر ثبت {path} هنگام کار حذف شد: ارسال بی‌درنگ متوقف شد و آنچه در آن بود در دفتر ثبت نوشته شد. برای فرستادن بقیه، کارزار را از سر بگیرید</translation></message><message><source>the journal's log {path} was deleted while this window had it open: what the window held was written into the journal, and the window reads and writes it no more. Close the app and open it again</source><translation>پروندهٔ ثبت دفتر {path} هنگامی که این پنجره آن را باز داشت پاک شد: آنچه پنجره داشت در دفتر نوشته شد و پنجره دیگر از آن نمی‌خواند و در آن نمی‌نویسد. برنامه را ببندید و دوباره باز کنید.</translation></message><message><source>the journal {path} is gone, though this folder held one: a new journal would know nothing of what was sent, and sending the same sheet again would message everyone twice. Restore the journal from a backup; to start an empty journal on purpose, delete {path}.held too</source><translation>دفتر ثبت {path} از میان رفته است، هرچند این پوشه دفتر ثبتی داشت: دفتر ثبت تازه از آنچه فرستاده شده خبر ندارد و فرستادن دوبارهٔ همان فهرست به همه دو بار پیام می‌دهد. دفتر ثبت را از نسخهٔ پشتیبان برگردانید؛ برای آغاز عمدی یک دفتر ثبت خالی، {path}.held را هم حذف کنید</translation></message><message><source>this needs the {role} role on the team store, and {member} is {has}: a team admin can give it (safir-campaign team role {member} {role})</source><translation>این کار در پایگاه مشترک تیم نقش {role} می‌خواهد و نقش {member} {has} است: مدیر تیم می‌تواند آن را بدهد (safir-campaign team role {member} {role})</translation></message><message><source>{member} may not do this on the team store ({detail}): it needs the {role} role, which a team admin can give (safir-campaign team role {member} {role})</source><translation>{member} اجازهٔ این کار را در پایگاه مشترک تیم ندارد ({detail}): نقش {role} لازم است که مدیر تیم می‌تواند بدهد (safir-campaign team role {member} {role})</translation></message><message><source>the audit trail can only be added to: nobody but the store's owner changes or deletes it</source><translation>به سابقهٔ رویدادها فقط می‌توان افزود: هیچ‌کس جز مالک پایگاه آن را تغییر نمی‌دهد یا پاک نمی‌کند</translation></message><message><source>{member} made this campaign: another approver must approve or reject it</source><translation>این کارزار را {member} ساخته است: تأیید یا رد آن با تأییدکنندهٔ دیگری است</translation></message><message><source>there is no campaign {campaign} (see: safir-campaign list)</source><translation>کارزار {campaign} وجود ندارد (ببینید: safir-campaign list)</translation></message><message><source>campaign {campaign} needs no approval</source><translation>کارزار {campaign} به تأیید نیاز ندارد</translation></message><message><source>the campaign is {status}; there is nothing to approve or reject</source><translation>کارزار {status} است؛ چیزی برای تأیید یا رد نیست</translation></message><message><source>campaign {campaign} is {status}; only a stopped campaign can be changed</source><translation>کارزار {campaign} {status} است؛ فقط کارزار متوقف‌شده را می‌توان تغییر داد</translation></message><message><source>say why it is rejected (--reason): the sentence goes back to whoever made it</source><translation>بنویسید چرا رد می‌شود (--reason): این جمله به سازندهٔ کارزار می‌رسد</translation></message><message><source>{role} is not a role: viewer, sender, approver or admin</source><translation>{role} نقش نیست: بیننده، فرستنده، تأییدکننده یا مدیر</translation></message><message><source>{member} owns the team store: its role cannot change</source><translation>{member} مالک پایگاه مشترک تیم است: نقشش تغییر نمی‌کند</translation></message><message><source>{member} is the team's last admin: make someone else admin first</source><translation>{member} آخرین مدیر تیم است: اول کس دیگری را مدیر کنید</translation></message><message><source>{member} cannot be a member's name: use lower-case letters, digits, _ . or -, starting with a letter</source><translation>{member} نمی‌تواند نام عضو باشد: از حروف کوچک لاتین، رقم، _ . یا - استفاده کنید و با حرف شروع کنید</translation></message><message><source>{member} is new to the store's server: give them a password (--password-stdin)</source><translation>{member} در سرور پایگاه تازه است: برایش گذرواژه بگذارید (--password-stdin)</translation></message><message><source>{member} is not a member of this team</source><translation>{member} عضو این تیم نیست</translation></message><message><source>"{action}" is written into the audit trail by the team store itself, never by a member</source><translation>«{action}» را خود پایگاه مشترک تیم در سابقهٔ رویدادها می‌نویسد، نه هیچ عضوی</translation></message><message><source>{count} numbers locked at once: a batch of sends locks at most 10,000</source><translation>{count} شماره یک‌جا قفل شد: هر دسته از ارسال‌ها دست‌بالا ۱۰٬۰۰۰ شماره را قفل می‌کند</translation></message><message><source>{member} cannot be a member: only a plain login can (not a superuser, a role that manages roles or databases, or a team store's group role)</source><translation>{member} نمی‌تواند عضو باشد: فقط یک نام کاربری ساده می‌تواند (نه کاربر ارشد، نه نقشی که نقش‌ها یا پایگاه‌ها را اداره می‌کند، نه نقش گروهی یک پایگاه مشترک)</translation></message><message><source>{member}'s login was not made by this team store: they keep their own password (give the role without one)</source><translation>نام کاربری {member} را این پایگاه مشترک نساخته است: گذرواژه‌اش همان می‌ماند (نقش را بدون گذرواژه بدهید)</translation></message><message><source>the role {role} already exists and was not made as this team store's group: rename the database or drop that role (docs/team.md)</source><translation>نقش {role} از پیش وجود دارد و به‌عنوان گروه این پایگاه مشترک ساخته نشده است: نام پایگاه داده را عوض کنید یا آن نقش را حذف کنید (docs/team.md)</translation></message><message><source>there is no repeating campaign {series} (see: safir-campaign series list)</source><translation>کارزار تکرارشوندهٔ {series} وجود ندارد (ببینید: safir-campaign series list)</translation></message><message><source>repeating campaign {series} is {member}'s: only its maker or an admin changes it</source><translation>کارزار تکرارشوندهٔ {series} از آنِ {member} است: فقط سازنده‌اش یا مدیر آن را تغییر می‌دهد</translation></message><message><source>the team store's owner {owner} is a superuser: the store's functions run as its owner, so it must be a plain login that may create roles (docs/team.md, "Starting a team store")</source><translation>مالک پایگاه مشترک تیم، {owner}، کاربر ارشد است: تابع‌های پایگاه با دسترسی مالک اجرا می‌شوند، پس مالک باید نام کاربری ساده‌ای باشد که بتواند نقش بسازد (docs/team.md، بخش «راه‌اندازی پایگاه مشترک»)</translation></message><message><source>campaign {campaign} is {status}: it cannot go back to being made, nor a finished or cancelled one start again (make a retry or a new campaign)</source><translation>کارزار {campaign} {status} است: نه به مرحلهٔ ساخت برمی‌گردد و نه کارزار تمام‌شده یا لغوشده از نو آغاز می‌شود (کارزار تلاش دوباره یا کارزار تازه‌ای بسازید)</translation></message><message><source>a recipient of campaign {campaign} that was {status} stays so: nobody is sent a message twice</source><translation>گیرنده‌ای از کارزار {campaign} که {status} بود همان می‌ماند: به هیچ‌کس پیامی دو بار فرستاده نمی‌شود</translation></message><message><source>row {row} of campaign {campaign} stays on {channel}: a recipient is sent on one channel only, and by SMS only when the service said it has no Bale account and its campaign sends those by SMS</source><translation>ردیف {row} کارزار {campaign} روی مسیر {channel} می‌ماند: هر گیرنده فقط از یک مسیر پیام می‌گیرد، و با پیامک فقط وقتی که سرویس گفته باشد حساب بله ندارد و کارزارش برای آن‌ها پیامک می‌فرستد</translation></message><message><source>row {row} of campaign {campaign} is not held by a sender of {member}: only the sender that holds it records it sent</source><translation>ردیف {row} کارزار {campaign} در دست فرستنده‌ای از {member} نیست: فقط فرستنده‌ای که آن را در دست دارد فرستاده شدنش را ثبت می‌کند</translation></message><message><source>campaign {campaign} is to be cancelled: a cancel asked stays asked</source><translation>کارزار {campaign} در حال لغو است: درخواست لغو پس گرفته نمی‌شود</translation></message><message><source>row {row} of campaign {campaign} takes a request id that another phone or message has (or another bot's): the service would drop one of the two as a repeat</source><translation>ردیف {row} کارزار {campaign} شناسهٔ درخواستی را برداشته که از آنِ شماره یا پیام (یا بات) دیگری است: سرویس یکی از آن دو را تکراری می‌داند و نمی‌فرستد</translation></message><message><source>the sender {owner} of campaign {campaign} is {member}'s: another member may only revoke it</source><translation>فرستندهٔ {owner} کارزار {campaign} از آنِ {member} است: عضو دیگر فقط می‌تواند آن را باطل کند</translation></message><message><source>{when} is not a time within 400 days for repeating campaign {series}'s next run</source><translation>{when} زمانی در ۴۰۰ روز آینده برای اجرای بعدی کارزار تکرارشوندهٔ {series} نیست</translation></message><message><source>campaign {campaign} still has recipients to send: it is not finished</source><translation>کارزار {campaign} هنوز گیرنده‌ای برای فرستادن دارد: پایان نیافته است</translation></message><message><source>campaign {campaign} is {member}'s: only its maker or an admin changes it</source><translation>کارزار {campaign} از آنِ {member} است: فقط سازنده‌اش یا مدیر آن را تغییر می‌دهد</translation></message><message><source>a copy of a desktop's journal writes only the campaigns it copies in ({table} of another was refused)</source><translation>رونوشت دفترِ یک رایانه فقط کارزارهایی را می‌نویسد که خودش می‌آورد (نوشتن در {table} کارزار دیگری پذیرفته نشد)</translation></message><message><source>campaign {campaign} is still being made by {member}: nobody else changes it until it is ready</source><translation>کارزار {campaign} هنوز در دست ساختِ {member} است: تا آماده نشده، کس دیگری آن را تغییر نمی‌دهد</translation></message><message><source>campaign {campaign} is not approved: it is sent only once an approver approves it (safir-campaign approve {campaign})</source><translation>کارزار {campaign} تأیید نشده است: فقط پس از تأیید یک تأییدکننده فرستاده می‌شود (safir-campaign approve {campaign})</translation></message><message><source>campaign {campaign}: name the bot (--bot-id) or the template (--template) to change</source><translation>کارزار {campaign}: بات (--bot-id) یا قالبی (--template) را که باید عوض شود نام ببرید</translation></message><message><source>the team's setting {setting} keeps its name: change its value instead</source><translation>نام تنظیم {setting} تیم عوض نمی‌شود: مقدارش را تغییر دهید</translation></message><message><source>on a team store the approvers are the members with the approver role (safir-campaign team role NAME approver), not names in the rule</source><translation>در پایگاه مشترک تیم، تأییدکنندگان اعضایی با نقش تأییدکننده‌اند (safir-campaign team role NAME approver)، نه نام‌هایی در قاعده</translation></message><message><source>viewer</source><translation>بیننده</translation></message><message><source>sender</source><translation>فرستنده</translation></message><message><source>approver</source><translation>تأییدکننده</translation></message><message><source>admin</source><translation>مدیر</translation></message><message><source>owner</source><translation>مالک</translation></message><message><source>no role</source><translation>بدون نقش</translation></message><message><source>the disk is full: free some space or choose another place</source><translation>دیسک پر است: جایی باز کنید یا جای دیگری برگزینید</translation></message><message><source>permission denied: the file may be open in another program, or the folder is read-only</source><translation>اجازهٔ دسترسی نیست: شاید فایل در برنامهٔ دیگری باز است یا پوشه فقط‌خواندنی است</translation></message><message><source>the disk is read-only: choose another place</source><translation>دیسک فقط‌خواندنی است: جای دیگری برگزینید</translation></message><message><source>the folder does not exist</source><translation>این پوشه وجود ندارد</translation></message><message><source>that is a folder, not a file</source><translation>این یک پوشه است، نه فایل</translation></message><message><source>No column of {file} looks like phone numbers: choose the phone column in the list above (columns: {columns}).</source><translation>هیچ ستونی از {file} شبیه شمارهٔ تلفن نیست: ستون تلفن را از فهرست بالا برگزینید (ستون‌ها: {columns}).</translation></message><message><source>the service had an internal error; try again later</source><translation>سرویس دچار خطای داخلی شد؛ بعداً دوباره امتحان کنید</translation></message><message><source>too many messages at once: the service asked to slow down</source><translation>پیام‌ها بیش از اندازه بودند: سرویس خواست آهسته‌تر بفرستید</translation></message><message><source>the service refused the message as invalid (check the template, bot and fields)</source><translation>سرویس پیام را نادرست دانست (قالب، بات و فیلدها را بررسی کنید)</translation></message><message><source>the service says this phone number is not valid</source><translation>به گفتهٔ سرویس این شماره معتبر نیست</translation></message><message><source>this phone has no Bale account</source><translation>این شماره در بله حساب ندارد</translation></message><message><source>too many one-time passwords to this phone in the last hour</source><translation>در یک ساعت گذشته رمز یکبارمصرف زیادی به این شماره رفته است</translation></message><message><source>the account's balance is used up: payment required</source><translation>اعتبار حساب تمام شده است: باید شارژ کنید</translation></message><message><source>the bot has reached its contact limit</source><translation>بات به سقف مخاطبانش رسیده است</translation></message><message><source>the API access key was refused: check it in the profile</source><translation>کلید دسترسی API پذیرفته نشد: آن را در نمایه بررسی کنید</translation></message><message><source>the service refused the credentials: check the client id, secret and API access key</source><translation>سرویس اطلاعات ورود را نپذیرفت: شناسه، رمز و کلید دسترسی API را بررسی کنید</translation></message><message><source>the service could not be reached: check the network and the profile's address</source><translation>به سرویس نمی‌توان وصل شد: شبکه و نشانی نمایه را بررسی کنید</translation></message><message><source>this profile has no API access key: add one in Profiles</source><translation>این نمایه کلید دسترسی API ندارد: در «نمایه‌ها» اضافه کنید</translation></message><message><source>the API access key has a character that cannot be sent (pasted with an invisible character?): paste it again in Profiles</source><translation>کلید دسترسی API نویسه‌ای دارد که فرستادنی نیست (با نویسه‌ای نامرئی چسبانده شده؟): آن را دوباره در «نمایه‌ها» بچسبانید</translation></message><message><source>the client id or secret was refused: check them in the profile</source><translation>شناسه یا رمز کاربری پذیرفته نشد: آن‌ها را در نمایه بررسی کنید</translation></message><message><source>the text</source><translation>متن</translation></message><message><source>the text</source><translation>متن</translation></message><message><source>the one-time password</source><translation>رمز یک‌بارمصرف</translation></message><message><source>the one-time password</source><translation>رمز یک‌بارمصرف</translation></message><message><source>the template</source><translation>قالب</translation></message><message><source>the template</source><translation>قالب</translation></message><message><source>the file</source><translation>پرونده</translation></message><message><source>the buttons</source><translation>دکمه‌ها</translation></message><message><source>the buttons</source><translation>دکمه‌ها</translation></message><message><source>the message kind</source><translation>نوع پیام</translation></message><message><source>the copy text</source><translation>متن رونوشت</translation></message><message><source>the copy text</source><translation>متن رونوشت</translation></message><message><source>the phone number</source><translation>شمارهٔ تلفن</translation></message><message><source>label</source><translation>برچسب</translation></message><message><source>address</source><translation>نشانی</translation></message><message><source>mini-app address</source><translation>نشانی مینی‌اپ</translation></message><message><source>mini-app address</source><translation>نشانی مینی‌اپ</translation></message><message><source>text to copy</source><translation>متن رونوشت</translation></message><message><source>button {0} of row {1}</source><translation>دکمهٔ {0} از ردیف {1}</translation></message><message><source>row {0} of buttons</source><translation>ردیف {0} دکمه‌ها</translation></message><message><source>template field {0}</source><translation>فیلد قالب {0}</translation></message><message><source>, </source><translation>، </translation></message></context></TS>