import { Chip } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { COMPANY_STATUS_COLORS, companyStatus, type Company, type CompanyStatus } from '@model/company';

/**
 * The label colour on each spec status colour, chosen for WCAG AA (4.5:1 for this small text): near-black on red
 * (4.9:1; white would be 4.0:1) and on the pending #f2af00 (9.6:1; white was 1.9:1), white on green (5.1:1).
 */
export const STATUS_TEXT_COLORS: Record<CompanyStatus, string> = {
  inactive: 'rgba(0, 0, 0, 0.87)',
  pending: 'rgba(0, 0, 0, 0.87)',
  active: '#fff',
};

/** Status of a company in its spec colour: inactive red, pending #f2af00, active green. */
export function CompanyStatusChip({ company }: { company: Pick<Company, 'active' | 'pendingRegistration'> }) {
  const { t } = useTranslation();
  const status = companyStatus(company);
  return (
    <Chip
      size="small"
      label={t(`company.status.${status}`)}
      sx={{ bgcolor: COMPANY_STATUS_COLORS[status], color: STATUS_TEXT_COLORS[status], fontWeight: 600 }}
      data-testid={`status-${status}`}
    />
  );
}
