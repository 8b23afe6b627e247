// Review: what turns rendered frames into review material.
//
// - Grid/      lay several frame streams side by side (a grid beyond three), labelled;
//              cells are exact copies of each variant's own frames.
// - Time/      one timebase for several clips (shorter ones hold their last frame),
//              slow motion by finer sampling, refresh-rate sampling (hold until next sample).
// - Sheet/     contact sheets: frames chosen evenly or at events, downscaled, timestamped.
// - Overlay/   touch dot, timecode, caption, device outline, drawn onto finished frames.
// - Chart/     progress over time per variant, release and settle marked, moving playhead.
//
// Review knows no files and no flags: the flipbook command wires it to Stage and Scene.
