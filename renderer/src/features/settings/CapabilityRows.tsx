import { capabilitySummaries, type CapabilityTable } from '../../../../shared/api/capabilities';
import { Badge } from '../../ui/Badge';

/** One row per capability: available or not, why, and what to do (docs/engine-notes.md 7). */
export function CapabilityRows({ table }: { table: CapabilityTable }) {
  return (
    <table className="tools-table" data-testid="capability-table">
      <caption className="tools-table__caption">
        What the local engine can do on this machine
      </caption>
      <thead>
        <tr>
          <th scope="col">Capability</th>
          <th scope="col">Status</th>
          <th scope="col">Details and fix</th>
        </tr>
      </thead>
      <tbody>
        {capabilitySummaries(table).map((row) => (
          <tr
            key={row.id}
            data-testid="capability-row"
            data-capability={row.id}
            data-available={row.available ? 'true' : 'false'}
          >
            <th scope="row">{row.label}</th>
            <td>
              {row.available ? (
                <Badge tone="ok">Available</Badge>
              ) : (
                <Badge tone="warn">Not available</Badge>
              )}
            </td>
            <td>
              <span>{row.detail}</span>
              {row.fix && <span className="tools-table__fix">{row.fix}</span>}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
