"""Optional sounds (off by default), made in the page with the Web Audio
API: no sound files to download, nothing to cache. A cue is a short tone:

- card: a soft tick as a card lands;
- trick / win: a low / a bright two-note figure when a trick is taken;
- turn: a gentle chime when the table waits for you;
- hand: a rising figure at the end of a hand.

This module is given the page's ``window`` (it imports nothing of the
browser), and never raises: a browser without Web Audio stays silent.
"""

from __future__ import annotations

from typing import Any

# (frequency Hz, start s, length s, volume 0..1) for each note of a cue.
CUES: dict[str, tuple[tuple[float, float, float, float], ...]] = {
    "card": ((520.0, 0.0, 0.05, 0.08),),
    "trick": ((330.0, 0.0, 0.09, 0.10), (262.0, 0.09, 0.12, 0.10)),
    "win": ((523.0, 0.0, 0.09, 0.12), (784.0, 0.09, 0.14, 0.12)),
    "turn": ((660.0, 0.0, 0.12, 0.07),),
    "hand": ((392.0, 0.0, 0.1, 0.1), (494.0, 0.1, 0.1, 0.1), (587.0, 0.2, 0.18, 0.1)),
}


class Sounds:
    def __init__(self, window: Any) -> None:
        self.window = window
        self.context: Any = None
        self.played = 0  # the number of the last cue handled

    def _audio(self) -> Any:
        if self.context is None:
            maker = getattr(self.window, "AudioContext", None) or getattr(self.window, "webkitAudioContext", None)
            if maker is None:
                return None
            self.context = maker.new()
        if str(self.context.state) == "suspended":
            self.context.resume()
        return self.context

    def play(self, kind: str) -> None:
        notes = CUES.get(kind)
        if not notes:
            return
        try:
            ctx = self._audio()
            if ctx is None:
                return
            now = float(ctx.currentTime)
            for frequency, start, length, volume in notes:
                tone = ctx.createOscillator()
                gain = ctx.createGain()
                tone.type = "sine"
                tone.frequency.value = frequency
                gain.gain.setValueAtTime(volume, now + start)
                gain.gain.exponentialRampToValueAtTime(0.001, now + start + length)
                tone.connect(gain)
                gain.connect(ctx.destination)
                tone.start(now + start)
                tone.stop(now + start + length + 0.02)
        except Exception:  # no sound is better than a broken table
            self.context = None

    def follow(self, cues: tuple[tuple[int, str], ...], enabled: bool) -> None:
        """Play the cues not handled yet (only when sounds are on)."""
        for number, kind in cues:
            if number <= self.played:
                continue
            self.played = number
            if enabled:
                self.play(kind)
