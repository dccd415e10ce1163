import { ErrorNotice } from '../../ui/ErrorNotice';
import { EngineSection } from './EngineSection';
import { KeySection } from './KeySection';
import { ProjectSection } from './ProjectSection';
import { ToolsSection } from './ToolsSection';
import { useSettings } from './use-settings';
import './settings.css';

export function SettingsScreen() {
  const { settings } = useSettings();
  return (
    <div className="screen settings">
      {settings.error && <ErrorNotice error={settings.error} />}
      {settings.data && (
        <>
          <EngineSection settings={settings.data} />
          <KeySection engine={settings.data.engine} />
          <ProjectSection settings={settings.data} />
          <ToolsSection />
        </>
      )}
      {settings.isPending && !settings.error && <p className="faint small">Loading settings…</p>}
    </div>
  );
}
