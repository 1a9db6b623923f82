//! What every business area uses: the catalogue, the clock, money, paging, text rules (contact
//! details and real text among them), how both boards read typed words (`narrowing`) and order
//! results (`sort_order`), the shape both searches share (`search`), uploads, limits, and the
//! storage, file and messaging ports.

pub mod catalogue;
pub mod clock;
pub mod contact_details;
pub mod files;
pub mod hong_kong;
pub mod identity;
pub mod keyed;
pub mod keywords;
pub mod labels;
pub mod language;
pub mod messages;
pub mod messaging;
pub mod money;
pub mod narrowing;
pub mod paging;
pub mod problems;
pub mod rate_limits;
pub mod real_text;
pub mod search;
pub mod sort_order;
pub mod storage;
pub mod text_terms;
pub mod upload;
pub mod validation;
