// Settings → Appearance: light, dark, or as the system is set.
import type { ThemeSource } from '../../../src-shared/ipc/channels/settings';
import { useThemeStore } from '../../stores/themeStore';

const CHOICES: { value: ThemeSource; label: string }[] = [
  { value: 'system', label: 'As the system is set' },
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
];

export function AppearanceSection(): React.JSX.Element {
  const choice = useThemeStore((s) => s.choice);
  const choose = useThemeStore((s) => s.choose);
  return (
    <section aria-labelledby="appearance-title" className="panel appearance">
      <h2 id="appearance-title">Appearance</h2>
      <label>
        Theme
        <select
          value={choice}
          onChange={(e) => choose(CHOICES.find((c) => c.value === e.target.value)?.value ?? 'system')}
        >
          {CHOICES.map((c) => (
            <option key={c.value} value={c.value}>
              {c.label}
            </option>
          ))}
        </select>
      </label>
    </section>
  );
}
