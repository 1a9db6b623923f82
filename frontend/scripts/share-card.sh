#!/usr/bin/env sh
# Draws public/share-card.png, the picture a shared link of a page without one of its own (a
# case) shows in WhatsApp and other chats: 1200x630, the size their large previews use, with the
# favicon's mark (public/favicon.svg, scaled 3.75 times) and the site's name and tagline.
#
# The PNG is committed and served as it is: the build needs neither ImageMagick nor the CJK
# fonts. Run this again (apt-get install imagemagick fonts-noto-cjk) when the mark, the colours
# (src/app/theme.ts) or the tagline (crates/domain/src/sharing/heads.rs) change; the server
# states the size (heads.rs, SHARE_CARD), so keep 1200x630.
set -eu
cd "$(dirname "$0")/.."
convert -size 1200x630 xc:'#f9f1ed' \
  -fill '#b4531a' -draw 'roundrectangle 178,195 418,435 52,52' \
  -fill '#ffffff' -draw 'polygon 245.5,277.5 350.5,277.5 350.5,300 309.25,300 309.25,375 286.75,375 286.75,300 245.5,300' \
  -font Noto-Sans-CJK-HK-Bold -fill '#2d1407' -pointsize 104 -annotate +474+300 'tutorhub' \
  -font Noto-Sans-CJK-HK-Bold -fill '#8e4115' -pointsize 60 -annotate +478+392 '香港補習配對平台' \
  -font Noto-Sans-CJK-HK -fill '#54260c' -pointsize 34 -annotate +480+452 '免費刊登補習個案・搜尋已審核導師' \
  -fill '#b4531a' -draw 'rectangle 0,600 1200,630' \
  -strip -define png:exclude-chunks=date,time -define png:compression-level=9 \
  public/share-card.png
