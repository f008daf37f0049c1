// The issuing wizard's first step: what to do (a new card, a funded one, a replacement, ...).
import { hrefOf } from '../lib/routes';
import { PATHS, type CardPath } from './cardForm';

export function PathChoiceStep({
  path,
  onPath,
}: {
  path: CardPath;
  onPath: (path: CardPath) => void;
}): React.JSX.Element {
  return (
    <fieldset className="form-group path-choice">
      <legend>What do you want to do?</legend>
      {PATHS.map((p) => (
        <label key={p.path} className="path-option">
          <input
            type="radio"
            name="card-path"
            value={p.path}
            checked={path === p.path}
            onChange={() => onPath(p.path)}
          />
          <span>
            <strong>{p.title}</strong>
            <span className="muted"> — {p.detail}</span>
          </span>
        </label>
      ))}
      <p className="muted">
        Many cards at once? <a href={hrefOf('bulk-issue')}>Issue from a file</a> checks a CSV of them first.
      </p>
    </fieldset>
  );
}
