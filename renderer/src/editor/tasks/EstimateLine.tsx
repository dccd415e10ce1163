import type { BillingUnits } from '../../../../shared/api/billing-rates';
import { accountServicesSchema } from '../../../../shared/api/responses';
import { useApiQuery } from '../../bridge/query';
import { estimateCharge } from './estimate';

/** The charge a click will make, shown before the click (docs/product-notes.md 1.7). */
export function EstimateLine({
  units,
  unknown,
}: {
  units: BillingUnits | undefined;
  unknown?: string;
}) {
  const services = useApiQuery('account:services', {}, { staleTime: 30_000 });
  const parsed = services.data ? accountServicesSchema.safeParse(services.data) : undefined;
  if (!units) return unknown ? <span className="estimate faint small">{unknown}</span> : null;
  const estimate = estimateCharge(units, parsed?.success ? parsed.data : undefined);
  return (
    <span
      className={`estimate small${estimate.short ? ' estimate--short' : ''}`}
      data-testid="charge-estimate"
      title={estimate.explanation}
    >
      {estimate.text}
    </span>
  );
}
