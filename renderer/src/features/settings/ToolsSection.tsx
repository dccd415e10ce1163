import { Button } from '../../ui/Button';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { Panel } from '../../ui/Panel';
import {
  useCapabilities,
  useRefreshCapabilities,
} from '../../editor/capabilities/use-capabilities';
import { CapabilityRows } from './CapabilityRows';
import { ToolRow } from './ToolRow';

/**
 * "Tools and offline capabilities": what the local engine can do here and why not, and every
 * external tool with the path the user may set (docs/decisions/073-capability-table.md).
 */
export function ToolsSection() {
  const view = useCapabilities();
  const refresh = useRefreshCapabilities();
  const data = view.data;
  // The engine's own rows when it answered (it runs the work); main's otherwise.
  const tools = data?.table?.tools ?? data?.mainTools ?? [];
  return (
    <Panel
      title="Tools and offline capabilities"
      label="Tools and offline capabilities"
      hint="What this computer can do without the cloud service, and the programs it uses. A path you set is checked, then used by the app and the local engine (which restarts)."
      actions={
        <Button onClick={() => refresh.mutate({ refresh: true })} busy={refresh.isPending}>
          Check again
        </Button>
      }
    >
      {view.error && <ErrorNotice error={view.error} />}
      {refresh.error && <ErrorNotice error={refresh.error} />}
      {view.isPending && <p className="faint small">Checking tools…</p>}
      {data?.note && <p className="small">{data.note}</p>}
      {data?.table && <CapabilityRows table={data.table} />}
      {data && (
        <div className="tools-table__scroll">
          <table className="tools-table">
            <caption className="tools-table__caption">Tools</caption>
            <thead>
              <tr>
                <th scope="col">Tool and what it adds</th>
                <th scope="col">Copy in use</th>
                <th scope="col">Your path</th>
              </tr>
            </thead>
            <tbody>
              {tools.map((tool) => (
                <ToolRow key={tool.name} tool={tool} setPath={data.toolPaths[tool.name]} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Panel>
  );
}
