//! Paying by FPS: the payload of a QR code any Hong Kong banking app scans, built to the HKMA
//! Common QR Code Specification (EMVCo merchant-presented mode). Each field is an ID, a
//! two-digit length and a value; the last, 63, is a CRC-16/CCITT-FALSE of everything before it
//! (its own "6304" included).

/// The operator's FPS proxy from settings (`FPS_PROXY`): what the payer's bank pays to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FpsProxy {
    /// An FPS identifier (7 or 9 digits).
    Id(String),
    /// A mobile number as `+852-67891234`.
    Mobile(String),
    Email(String),
}

impl FpsProxy {
    /// Reads a proxy: an e-mail address, a Hong Kong mobile (`+852-…`, `+852…` or 8 digits)
    /// or an FPS identifier.
    ///
    /// # Errors
    /// What is wrong with it, for the operator setting it.
    pub fn parse(raw: &str) -> Result<Self, String> {
        let raw = raw.trim();
        if raw.contains('@') {
            // ASCII only: a field's length counts bytes, and banking apps read ASCII addresses.
            return if raw.len() <= 64 && raw.chars().all(|c| c.is_ascii_graphic()) {
                Ok(Self::Email(raw.to_string()))
            } else {
                Err(format!("{raw} is not an e-mail address"))
            };
        }
        let digits: String = raw.chars().filter(char::is_ascii_digit).collect();
        if raw.starts_with('+') {
            return match digits.strip_prefix("852") {
                Some(number) if number.len() == 8 => Ok(Self::Mobile(format!("+852-{number}"))),
                _ => Err(format!("{raw} is not a Hong Kong mobile number (+852 and 8 digits)")),
            };
        }
        match digits.len() {
            8 if digits == raw => Ok(Self::Mobile(format!("+852-{digits}"))),
            7 | 9 if digits == raw => Ok(Self::Id(digits)),
            _ => Err(format!("{raw} is neither an FPS identifier (7 or 9 digits), a mobile number nor an e-mail address")),
        }
    }

    /// The proxy as a payer types it into a banking app's "pay to FPS ID, mobile or e-mail".
    pub fn value(&self) -> &str {
        match self {
            Self::Id(value) | Self::Mobile(value) | Self::Email(value) => value,
        }
    }

    /// The sub-field of ID 26 that carries it: 02 FPS identifier, 03 mobile, 04 e-mail.
    fn field(&self) -> (&'static str, &str) {
        match self {
            Self::Id(id) => ("02", id),
            Self::Mobile(mobile) => ("03", mobile),
            Self::Email(email) => ("04", email),
        }
    }
}

/// Who is paid, as the payer's app shows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Payee {
    pub proxy: FpsProxy,
    /// ID 59: at most 25 characters (shortened if longer).
    pub name: String,
}

/// The sub-field of ID 62 that carries the bill's reference.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BillField {
    /// 01: a bill number (ours: the invoice number).
    BillNumber,
    /// 05: a reference label.
    ReferenceLabel,
}

/// The payload for `cents` to `payee`, with `bill` as the bill's reference.
pub fn payload(payee: &Payee, cents: i64, bill: &str, field: BillField) -> String {
    let (proxy_id, proxy) = payee.proxy.field();
    let account = tlv("00", "hk.com.hkicl") + &tlv(proxy_id, proxy);
    let bill_id = match field {
        BillField::BillNumber => "01",
        BillField::ReferenceLabel => "05",
    };
    let name: String = payee.name.chars().take(25).collect();
    let mut out = String::new();
    out += &tlv("00", "01");
    out += &tlv("01", "12"); // dynamic: this code is for one amount
    out += &tlv("26", &account);
    out += &tlv("52", "0000");
    out += &tlv("53", "344"); // HKD
    out += &tlv("54", &amount(cents));
    out += &tlv("58", "HK");
    out += &tlv("59", &name);
    out += &tlv("60", "HK");
    out += &tlv("62", &tlv(bill_id, bill));
    out += "6304";
    let crc = crc16_ccitt_false(out.as_bytes());
    out + &format!("{crc:04X}")
}

/// An amount as EMV writes it: "800", "800.5" is never produced; "800.50" with cents.
fn amount(cents: i64) -> String {
    if cents % 100 == 0 { (cents / 100).to_string() } else { format!("{}.{:02}", cents / 100, cents % 100) }
}

fn tlv(id: &str, value: &str) -> String {
    format!("{id}{:02}{value}", value.len())
}

/// CRC-16/CCITT-FALSE: polynomial 0x1021, initial 0xFFFF, no reflection, no final XOR.
pub fn crc16_ccitt_false(bytes: &[u8]) -> u16 {
    let mut crc: u16 = 0xFFFF;
    for byte in bytes {
        crc ^= u16::from(*byte) << 8;
        for _ in 0..8 {
            crc = if crc & 0x8000 != 0 { (crc << 1) ^ 0x1021 } else { crc << 1 };
        }
    }
    crc
}

/// A payload read back into its top-level fields, with its CRC checked: for tests and for the
/// back office checking a code.
///
/// # Errors
/// A field runs past the end, or the CRC is wrong.
pub fn parse(payload: &str) -> Result<Vec<(String, String)>, String> {
    let (body, crc) = payload.split_at_checked(payload.len().checked_sub(4).ok_or("too short")?).ok_or("not a payload")?;
    if !body.ends_with("6304") {
        return Err("no CRC field at the end".into());
    }
    if u16::from_str_radix(crc, 16).map_err(|e| e.to_string())? != crc16_ccitt_false(body.as_bytes()) {
        return Err("the CRC does not match".into());
    }
    fields(payload)
}

/// The ID-length-value fields of a (sub-)payload.
///
/// # Errors
/// A field runs past the end.
pub fn fields(payload: &str) -> Result<Vec<(String, String)>, String> {
    let mut rest = payload;
    let mut out = Vec::new();
    while !rest.is_empty() {
        let (head, tail) = rest.split_at_checked(4).ok_or("a field's header is cut off")?;
        let (id, length) = head.split_at_checked(2).ok_or("a field's header is not ASCII")?;
        let length: usize = length.parse().map_err(|_| format!("bad length in {head}"))?;
        let (value, tail) = tail.split_at_checked(length).ok_or("a field's value is cut off")?;
        out.push((id.to_string(), value.to_string()));
        rest = tail;
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A payload published as an example of the HKMA Common QR Code Specification.
    const PUBLISHED: &str = "00020101021226330012hk.com.hkicl0313+852-6789123452040000530334454031005802HK5914company_1_data6002HK62170513INV/TEST/00016304A154";

    #[test]
    fn reproduces_the_published_payload() {
        let payee = Payee { proxy: FpsProxy::parse("+852-67891234").unwrap(), name: "company_1_data".into() };
        assert_eq!(payload(&payee, 10_000, "INV/TEST/0001", BillField::ReferenceLabel), PUBLISHED);
        assert!(parse(PUBLISHED).is_ok());
        let broken = PUBLISHED.replace("54031005802", "54032005802");
        assert_eq!(parse(&broken).unwrap_err(), "the CRC does not match");
    }

    #[test]
    fn our_invoices_parse_back() {
        let payee = Payee { proxy: FpsProxy::parse("billing@tutorhub.hk").unwrap(), name: "tutorhub Limited".into() };
        let code = payload(&payee, 80_053, "INV-2026-000123", BillField::BillNumber);
        let top = parse(&code).unwrap();
        let get = |id: &str| top.iter().find(|(k, _)| k == id).map(|(_, v)| v.clone()).unwrap();
        assert_eq!(get("53"), "344");
        assert_eq!(get("54"), "800.53");
        assert_eq!(fields(&get("62")).unwrap(), [("01".to_string(), "INV-2026-000123".to_string())]);
        assert_eq!(fields(&get("26")).unwrap()[1], ("04".to_string(), "billing@tutorhub.hk".to_string()));
    }

    #[test]
    fn reads_the_three_kinds_of_proxy() {
        assert_eq!(FpsProxy::parse("67891234").unwrap(), FpsProxy::Mobile("+852-67891234".into()));
        assert_eq!(FpsProxy::parse("+85267891234").unwrap(), FpsProxy::Mobile("+852-67891234".into()));
        assert_eq!(FpsProxy::parse("1234567").unwrap(), FpsProxy::Id("1234567".into()));
        assert!(FpsProxy::parse("12345").is_err());
        assert!(FpsProxy::parse("+1-5551234").is_err());
        assert!(FpsProxy::parse("帳務@tutorhub.hk").is_err(), "lengths count bytes: ASCII only");
        assert!(fields("0\u{e9}12").is_err() && parse("六個中文字的內容").is_err(), "junk is an error, not a panic");
    }
}
