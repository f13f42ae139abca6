"""Draw Baza's app icons: two fanned cards, a spade and a heart, on green felt.

    .venv/bin/python build/icons.py      # rewrites the icon files in assets/

Writes assets/icon.svg (the drawing, with rounded corners) and renders PNGs
with the Chromium that the browser tests use (Playwright), since browsers
want PNGs in a web app manifest:
    icon-192.png, icon-512.png   purpose "any": the rounded drawing
    icon-maskable-512.png        purpose "maskable": full bleed, the cards
                                 inside the central safe circle (80 %)
    apple-touch-icon.png         180 px, full bleed (iOS rounds it itself)
The PNGs are committed; run this again only after changing the drawing.
"""

import base64
import os
import shutil
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ASSETS = ROOT / "assets"

FELT = "#17613a"
INK = "#1d1d1f"
RED = "#c8102e"

# Suit shapes in a 100-unit box centred on (0, 0).
SPADE = (
    "M0-46C14-26 44-12 44 10C44 28 27 38 11 30C13 40 17 47 24 52H-24"
    "C-17 47-13 40-11 30C-27 38-44 28-44 10C-44-12-14-26 0-46Z"
)
HEART = (
    "M0 44C-20 28-45 12-45-10C-45-28-31-40-16-40C-8-40-2-35 0-28C2-35 8-40 16-40C31-40 45-28 45-10C45 12 20 28 0 44Z"
)


def card(angle: float, dx: float, suit: str, colour: str) -> str:
    """A playing card 176 x 248, turned by angle around the icon's centre."""
    pip = f'<path d="{suit}" fill="{colour}"'
    return (
        f'<g transform="translate({256 + dx} 268) rotate({angle})">'
        '<rect x="-88" y="-124" width="176" height="248" rx="16" fill="#fff"'
        ' stroke="#0b3d22" stroke-opacity=".25" stroke-width="3"/>'
        f'{pip} transform="scale(1.05)"/>'
        f'{pip} transform="translate(-60 -92) scale(.22)"/>'
        f'{pip} transform="translate(60 92) rotate(180) scale(.22)"/>'
        "</g>"
    )


def drawing(rounded: bool, scale: float) -> str:
    corner = ' rx="96"' if rounded else ""
    cards = card(-14, -52, SPADE, INK) + card(12, 52, HEART, RED)
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512">'
        f'<rect width="512" height="512"{corner} fill="{FELT}"/>'
        f'<g transform="translate(256 256) scale({scale}) translate(-256 -256)">{cards}</g>'
        "</svg>\n"
    )


def render(playwright, svg: str, size: int, path: Path) -> None:
    browser = playwright.chromium.launch(
        executable_path=os.environ.get("CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium",
        args=["--no-sandbox", "--disable-gpu"],
    )
    page = browser.new_page(viewport={"width": size, "height": size})
    src = "data:image/svg+xml;base64," + base64.b64encode(svg.encode()).decode()
    page.set_content(
        f'<style>html,body{{margin:0;background:transparent}}</style><img src="{src}" width="{size}" height="{size}">'
    )
    page.screenshot(path=path, omit_background=True)
    browser.close()


def main() -> None:
    from playwright.sync_api import sync_playwright

    icon = drawing(rounded=True, scale=0.92)
    full_bleed = drawing(rounded=False, scale=0.92)
    maskable = drawing(rounded=False, scale=0.8)  # cards within the 80 % circle
    (ASSETS / "icon.svg").write_text(icon, encoding="utf-8")
    with sync_playwright() as playwright:
        render(playwright, icon, 192, ASSETS / "icon-192.png")
        render(playwright, icon, 512, ASSETS / "icon-512.png")
        render(playwright, maskable, 512, ASSETS / "icon-maskable-512.png")
        render(playwright, full_bleed, 180, ASSETS / "apple-touch-icon.png")
    print("icons: wrote assets/icon.svg and its PNGs")


if __name__ == "__main__":
    main()
