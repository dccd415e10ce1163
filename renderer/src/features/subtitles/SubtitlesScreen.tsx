export function SubtitlesScreen() {
  return (
    <div className="screen">
      <p className="screen__intro">Transcribe a video and translate its subtitles, then review every line before dubbing.</p>
      <section className="coming" aria-label="Subtitles editor (coming)">
        <h3>Subtitles editor: coming next</h3>
        <ul>
          <li>proofread a video into one editable .srt per language, plus the source transcript;</li>
          <li>edit cues with live checks for characters per second, line length, duration and gaps (Netflix-like profile);</li>
          <li>see the service's warnings per cue and send approved scripts straight to Dub.</li>
        </ul>
      </section>
    </div>
  );
}
