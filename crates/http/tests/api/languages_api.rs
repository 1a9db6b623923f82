//! English beside zh-HK (issue 35): the same failure worded in the request's language, a
//! member's choice of language kept on the account, and what is sent to them in it.

use poem::http::StatusCode;
use serde_json::{Value, json};

use crate::support::api::{approve, call_in, posted_case};
use crate::support::{make_active_tutor, member};

fn has_chinese(text: &str) -> bool {
    text.chars().any(|c| ('\u{3400}'..='\u{9fff}').contains(&c) || ('\u{3000}'..='\u{303f}').contains(&c))
}

#[tokio::test]
async fn the_same_failure_keeps_its_code_and_speaks_the_requests_language() {
    let app = crate::support::spawn().await;
    let (zh_status, zh) = call_in(&app, "zh-HK,zh;q=0.9", "GET", "/cases/99999999", None, None).await;
    let (en_status, en) = call_in(&app, "en-GB,en;q=0.9", "GET", "/cases/99999999", None, None).await;
    assert_eq!((zh_status, en_status), (StatusCode::NOT_FOUND, StatusCode::NOT_FOUND));
    assert_eq!((zh["code"].as_str(), en["code"].as_str()), (Some("NOT_FOUND"), Some("NOT_FOUND")));
    let (zh_text, en_text) = (zh["error"].as_str().unwrap(), en["error"].as_str().unwrap());
    assert!(has_chinese(zh_text), "{zh_text}");
    assert!(!has_chinese(en_text) && !en_text.is_empty(), "{en_text}");
    // No header, or a language we do not speak: zh-HK.
    let (_, none) = call_in(&app, "fr", "GET", "/cases/99999999", None, None).await;
    assert_eq!(none["error"], zh["error"]);
}

#[tokio::test]
async fn every_field_of_a_refused_form_is_worded_in_english_for_an_english_reader() {
    let app = crate::support::spawn().await;
    let (_, owner) = member(&app, "陳大文", "91234567").await;
    let form = json!({"postType": "student-seeking-tutor", "postTitle": "", "level": "secondary", "grade": "中九",
        "subjects": [], "location": "火星", "rate": -5, "sessionLength": 5, "sessionsPerWeek": 0,
        "description": "", "preferredGender": "?", "startDate": "yesterday"});
    let (status, en) = call_in(&app, "en", "POST", "/cases", Some(&owner), Some(form.clone())).await;
    let (_, zh) = call_in(&app, "zh-HK", "POST", "/cases", Some(&owner), Some(form)).await;
    assert_eq!((status, en["code"].as_str()), (StatusCode::BAD_REQUEST, Some("VALIDATION_FAILED")));
    let fields =
        |body: &Value| body["errors"].as_array().unwrap().iter().map(|e| e["field"].as_str().unwrap().to_string()).collect::<Vec<_>>();
    assert_eq!(fields(&en), fields(&zh), "the same fields in both languages");
    assert!(fields(&en).len() >= 6, "{en}");
    for error in en["errors"].as_array().unwrap() {
        let message = error["message"].as_str().unwrap();
        assert!(!has_chinese(message) && message.ends_with('.'), "{}: {message}", error["field"]);
    }
    for error in zh["errors"].as_array().unwrap() {
        assert!(has_chinese(error["message"].as_str().unwrap()), "{error}");
    }
    assert_eq!(zh["errors"][0]["message"], zh["error"], "the banner's line is the first field's");
}

#[tokio::test]
async fn a_member_who_reads_english_is_told_in_english_by_sms() {
    let app = crate::support::spawn().await;
    let (_, owner) = member(&app, "陳大文", "91234567").await;
    let (tutor_id, tutor) = member(&app, "黃老師", "63456789").await;
    make_active_tutor(&app, tutor_id).await;

    let (_, me) = call_in(&app, "en", "GET", "/users/me", Some(&owner), None).await;
    assert_eq!(me["language"], "zh-HK", "every member reads zh-HK until they choose");
    let (status, _) = call_in(&app, "en", "PUT", "/users/me/language", Some(&owner), Some(json!({"language": "en"}))).await;
    assert_eq!(status, StatusCode::NO_CONTENT);
    let (_, me) = call_in(&app, "zh-HK", "GET", "/users/me", Some(&owner), None).await;
    assert_eq!(me["language"], "en", "kept on the account, whatever a request's language");
    let (status, body) = call_in(&app, "en", "PUT", "/users/me/language", Some(&owner), Some(json!({"language": "fr"}))).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    let (status, _) = call_in(&app, "en", "PUT", "/users/me/language", None, Some(json!({"language": "en"}))).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);

    let number = posted_case(&app, &owner).await;
    approve(&app, number).await;
    // The tutor's app is in Chinese: the owner is still told in the language they chose.
    let apply = json!({"caseId": number, "availableTimes": "星期一晚上"});
    let (status, body) = call_in(&app, "zh-HK", "POST", "/cases/apply", Some(&tutor), Some(apply)).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let to_owner: Vec<String> =
        crate::support::sms_outbox(&app).into_iter().filter(|(to, _)| to == "+85291234567").map(|(_, body)| body).collect();
    assert_eq!(to_owner.len(), 1, "{to_owner:?}");
    assert!(!has_chinese(&to_owner[0]) && to_owner[0].contains(&number.to_string()), "{}", to_owner[0]);
}

#[tokio::test]
async fn a_phone_code_is_sent_in_the_language_of_the_page_that_asked_for_it() {
    let app = crate::support::spawn().await;
    for (language, phone) in [("en", "61112222"), ("zh-HK", "61113333")] {
        let (status, body) = call_in(&app, language, "POST", "/sms/send-code", None, Some(json!({"phoneNumber": phone}))).await;
        assert_eq!(status, StatusCode::OK, "{body}");
        let (_, sms) = crate::support::sms_outbox(&app).into_iter().rev().find(|(to, _)| to == &format!("+852{phone}")).unwrap();
        assert_eq!(has_chinese(&sms), language == "zh-HK", "{sms}");
    }
}
