/** One figure in a row of tiles (`.bo-kpis`): its label, value, an optional line under it, red when bad. */
export function Kpi({ name, label, value, hint, bad }: { name: string; label: string; value: string; hint?: string; bad?: boolean }) {
  return (
    <div className={bad ? 'bo-kpi bo-kpi-bad' : 'bo-kpi'} data-kpi={name}>
      <dt>{label}</dt>
      <dd>
        {value}
        {hint && <span className="bo-kpi-hint">{hint}</span>}
      </dd>
    </div>
  );
}
