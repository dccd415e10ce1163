import { ServicesPanel } from './ServicesPanel';
import { UsagePanel } from './UsagePanel';
import './account.css';

export function AccountScreen() {
  return (
    <div className="screen">
      <ServicesPanel />
      <UsagePanel />
    </div>
  );
}
