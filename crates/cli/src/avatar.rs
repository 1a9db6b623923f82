//! Demo avatars drawn locally: a mirrored 5×5 pattern on a coloured square, encoded as PNG.
//!
//! Nothing is downloaded: demo data must build offline and be the same on every run. Drawing a
//! Chinese initial would need a CJK font and a rasteriser; a pattern tells faces apart as well.

/// Background colours: saturated enough to read as a face, dark enough for a white pattern.
const PALETTE: &[[u8; 3]] = &[
    [0x0F, 0x6C, 0xBD],
    [0x8E, 0x44, 0xAD],
    [0x16, 0xA0, 0x85],
    [0xC0, 0x39, 0x2B],
    [0xD3, 0x54, 0x00],
    [0x27, 0xAE, 0x60],
    [0x2C, 0x3E, 0x50],
    [0xB7, 0x95, 0x0B],
];

const SIZE: u32 = 120;
const CELLS: u32 = 5;
const MARGIN: u32 = 10;

/// A PNG of `SIZE`×`SIZE` pixels, the same for the same seed.
pub fn avatar_png(seed: u64) -> Vec<u8> {
    let background = PALETTE[(seed % PALETTE.len() as u64) as usize];
    // Fifteen bits decide the left three columns; the right two mirror them.
    let bits = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 20;
    let cell = (SIZE - 2 * MARGIN) / CELLS;
    let filled = |x: u32, y: u32| -> bool {
        if x < MARGIN || y < MARGIN || x >= MARGIN + cell * CELLS || y >= MARGIN + cell * CELLS {
            return false;
        }
        let (col, row) = ((x - MARGIN) / cell, (y - MARGIN) / cell);
        let col = col.min(CELLS - 1 - col);
        bits >> (row * 3 + col) & 1 == 1
    };
    let mut pixels = Vec::with_capacity((SIZE * SIZE * 3) as usize);
    for y in 0..SIZE {
        for x in 0..SIZE {
            pixels.extend_from_slice(if filled(x, y) { &[0xFF, 0xFF, 0xFF] } else { &background });
        }
    }
    let mut out = Vec::new();
    {
        let mut encoder = png::Encoder::new(&mut out, SIZE, SIZE);
        encoder.set_color(png::ColorType::Rgb);
        encoder.set_depth(png::BitDepth::Eight);
        let mut writer = encoder.write_header().expect("writing a PNG header to memory cannot fail");
        writer.write_image_data(&pixels).expect("the pixel buffer matches the header");
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use tutorhub_domain::shared::upload::{FileKind, Upload, UploadPurpose};

    #[test]
    fn draws_a_valid_png_that_differs_by_seed() {
        let one = avatar_png(1);
        assert_eq!(Upload::check(one.clone(), UploadPurpose::Avatar).unwrap().kind, FileKind::Png);
        assert_eq!(one, avatar_png(1));
        assert_ne!(one, avatar_png(2));
        let decoder = png::Decoder::new(std::io::Cursor::new(one));
        let reader = decoder.read_info().unwrap();
        assert_eq!((reader.info().width, reader.info().height), (SIZE, SIZE));
    }
}
