//! The words of an alert. An SMS carries case numbers and our own links only, never what a
//! member typed (see `notices::notifier`). An e-mail adds each case's grade, subjects, place
//! and fee: catalogue names, but for a free-text level (tertiary) the subject the parent typed.

use crate::cases::model::Case;

/// One saved search's summary and its unsubscribe token, for the e-mail's footer.
#[derive(Debug, Clone)]
pub struct SearchFooter {
    pub summary: String,
    pub token: String,
}

/// The SMS after the 【tutorhub】 prefix. One case links to it; several link to the tutor's
/// alerts page. One saved search gets its one-tap stop link; several are managed on the page.
pub fn sms(site: &str, cases: &[&Case], tokens: &[String]) -> String {
    let head = match cases {
        [one] => format!("有新補習個案 {} 符合你儲存的搜尋：{site}/case/{}", one.number, one.number),
        many => format!("有 {} 個新補習個案符合你儲存的搜尋：{site}/my-alerts", many.len()),
    };
    match tokens {
        [token] => format!("{head} 停止此通知：{site}/u/{token}"),
        _ => format!("{head} 管理通知：{site}/my-alerts"),
    }
}

/// The e-mail's subject and body.
pub fn mail(site: &str, cases: &[&Case], footers: &[SearchFooter]) -> (String, String) {
    let subject = match cases {
        [one] => format!("tutorhub：新補習個案 {} 符合你的搜尋", one.number),
        many => format!("tutorhub：{} 個新補習個案符合你的搜尋", many.len()),
    };
    let mut body = String::from("你好！以下新補習個案符合你在 tutorhub 儲存的搜尋：\n\n");
    for case in cases {
        let d = &case.details;
        body.push_str(&format!(
            "個案 {}：{}{}・{}（{}）・每堂 HK${}\n{site}/case/{}\n\n",
            case.number,
            d.grade,
            d.subjects.join("、"),
            d.place.area,
            d.place.district,
            d.rate.dollars(),
            case.number
        ));
    }
    body.push_str(&format!("管理你的個案通知：{site}/my-alerts\n"));
    for footer in footers {
        body.push_str(&format!("停止「{}」的通知：{site}/u/{}\n", footer.summary, footer.token));
    }
    body.push_str("\n我們每小時最多發送一次通知，晚上十時至早上八時不會發送。\n");
    (subject, body)
}
