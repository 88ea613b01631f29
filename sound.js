// The page's sounds, made with WebAudio (no sound files).  py/webapp/panels/sound_panel.py calls
// boardgamesSound.play(tones) after a move, `tones` a JSON list from py/webapp/words/sounds.py:
// [[wave, frequency Hz, start s, length s, loudness 0-1], ...].
// Browsers let a page make sound only once the visitor has clicked, tapped or typed on
// it; until then play() stays silent instead of starting an AudioContext the browser
// would refuse (and complain about in the console).
(function () {
  "use strict";
  var audio = null;

  function context() {
    var Audio = window.AudioContext || window.webkitAudioContext;
    var activated = !navigator.userActivation || navigator.userActivation.hasBeenActive;
    if (!Audio || !activated) return null;
    if (audio === null) audio = new Audio();
    if (audio.state === "suspended") audio.resume().catch(function () {});
    return audio;
  }

  function tone(ctx, at, wave, frequency, start, length, loudness) {
    var oscillator = ctx.createOscillator(), gain = ctx.createGain();
    var begin = at + start, end = begin + length;
    oscillator.type = wave;
    oscillator.frequency.value = frequency;
    gain.gain.setValueAtTime(0.0001, begin);
    gain.gain.exponentialRampToValueAtTime(0.25 * loudness, begin + 0.01);
    gain.gain.exponentialRampToValueAtTime(0.0001, end);
    oscillator.connect(gain);
    gain.connect(ctx.destination);
    oscillator.onended = function () { oscillator.disconnect(); gain.disconnect(); };
    oscillator.start(begin);
    oscillator.stop(end + 0.02);
  }

  window.boardgamesSound = {
    // Returns whether the sound was started (false before the visitor's first gesture).
    play: function (tones) {
      var ctx;
      try {
        ctx = context();
        if (ctx === null) return false;
        var at = ctx.currentTime + 0.01;
        JSON.parse(tones).forEach(function (t) { tone(ctx, at, t[0], t[1], t[2], t[3], t[4]); });
        return true;
      } catch (error) {
        console.warn("boardgames: no sound:", error && error.message || error);
        return false;
      }
    }
  };
})();
