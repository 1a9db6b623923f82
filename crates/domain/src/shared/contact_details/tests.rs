//! What the rule finds in text, and what it lets through.

use super::*;

#[test]
fn hong_kong_numbers_in_every_dress_are_phones() {
    for text in [
        "91234567",
        "9123 4567",
        "9123-4567",
        "9123.4567",
        "91 23 45 67",
        "9 1 2 3 4 5 6 7",
        "+852 9123 4567",
        "(852) 9123-4567",
        "852-91234567",
        "+85291234567",
        "９１２３４５６７",
        "九一二三四五六七",
        "九一二三 四五六七",
        "9一2三4567",
        "玖壹貳叁肆伍陸柒",
        "電話：2345 6789",
        "有興趣請致電 6123 4567 陳生",
        "9123 4567 2026年開始",
        "+86 138 1234 5678",
    ] {
        assert_eq!(find(text), Some(ContactKind::Phone), "{text}");
    }
}

#[test]
fn ordinary_numbers_are_not_phones() {
    for text in [
        "HK$450",
        "每堂$300-400 1.5小時",
        "$12000",
        "300-400元 12/1開始",
        "小6 中五 F.5",
        "2026年",
        "2025-2026 學年",
        "2025-26",
        "2026-12-01",
        "01.12.2026",
        "12/1",
        "7:30pm",
        "19:00-20:30",
        "IELTS 8.0 2026-12-01",
        "5** DSE 5*",
        "教了10年，3位學生",
        "個案編號 10234",
        "星期一至五 晚上 7-9 時",
    ] {
        assert_eq!(find(text), None, "{text}");
    }
}

#[test]
fn addresses_links_and_handles_are_found() {
    assert_eq!(find("abc.tutor@gmail.com"), Some(ContactKind::Email));
    assert_eq!(find("abc(at)gmail(dot)com"), Some(ContactKind::Email));
    assert_eq!(find("電郵我"), Some(ContactKind::Email));
    assert_eq!(find("https://tutor.example"), Some(ContactKind::Link));
    assert_eq!(find("wa.me/85291234567"), Some(ContactKind::Link));
    assert_eq!(find("see abc.com/me"), Some(ContactKind::Link));
    assert_eq!(find("whatsapp 我"), Some(ContactKind::Messenger));
    assert_eq!(find("加我微信"), Some(ContactKind::Messenger));
    assert_eq!(find("wechat id: tutor_abc"), Some(ContactKind::Messenger));
    assert_eq!(find("tg @abc_tutor"), Some(ContactKind::Messenger));
    assert_eq!(find("@abc_tutor"), Some(ContactKind::Messenger));
    assert_eq!(find("IG: abc.tutor"), Some(ContactKind::Messenger));
    assert_eq!(find("abc [at] hotmail [dot] com"), Some(ContactKind::Email));
}

#[test]
fn a_messenger_named_in_passing_and_an_at_in_prose_are_fine() {
    for text in [
        "可用 Zoom 上課",
        "可用 WhatsApp 視像上堂",
        "數學@沙田",
        "email",
        "Bottom line: practise",
        "online lessons",
        "IGCSE Maths",
        "Maths tutor @ home",
        "中三 @ 沙田",
    ] {
        assert_eq!(find(text), None, "{text}");
    }
}

#[test]
fn a_refusal_names_the_field_what_was_found_and_where_the_text_is_read() {
    assert_eq!(
        refuse("whatsapp 我 9123 4567", Label::CaseDescription, Exchange::Case),
        Err(Problem::ContactDetails { label: Label::CaseDescription, found: ContactKind::Phone, exchange: Exchange::Case })
    );
    assert_eq!(refuse("中三數學補習", Label::Title, Exchange::Case), Ok(()));
}
