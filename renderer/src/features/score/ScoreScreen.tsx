import { MusicPanel } from '../music/MusicPanel';
import { ScoreTools } from './ScoreTools';

export function ScoreScreen() {
  return (
    <div className="screen">
      <p className="screen__intro">
        Score a piece: generate music from words, or sound for a video. Finished takes are written
        to the project folder.
      </p>
      <MusicPanel />
      <ScoreTools />
      <section className="coming" aria-label="Score timeline (coming)">
        <h3>Timeline editor: coming next</h3>
        <p>A picture-locked timeline for scoring a video:</p>
        <ul>
          <li>drop a video and see its waveform and detected shot changes;</li>
          <li>draw prompt lanes whose segments stay contiguous and snap to cuts;</li>
          <li>
            turn a video-analysis brief into segments, then audition takes against the picture.
          </li>
        </ul>
      </section>
    </div>
  );
}
