//! The FPS payload drawn as a QR code, in SVG: crisp at any size and when printed.

use qrcode::render::svg::Color;
use qrcode::{EcLevel, QrCode};

use crate::error::ApiError;

/// The QR code of `payload`, medium error correction (a phone camera reads it from a screen
/// with a smudge or a glare).
///
/// # Errors
/// Internal when the payload does not fit a QR code (ours are ~150 characters; the limit is
/// over 2,000).
pub fn svg(payload: &str) -> Result<String, ApiError> {
    let code = QrCode::with_error_correction_level(payload.as_bytes(), EcLevel::M).map_err(|e| ApiError::internal(&e))?;
    Ok(code.render::<Color<'_>>().min_dimensions(240, 240).dark_color(Color("#000000")).light_color(Color("#ffffff")).build())
}
