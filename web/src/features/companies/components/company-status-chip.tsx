import { Chip } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { COMPANY_STATUS_COLORS, companyStatus, type Company } from '@model/company';

/** Status of a company in its spec colour: inactive red, pending #f2af00, active green. */
export function CompanyStatusChip({ company }: { company: Pick<Company, 'active' | 'pendingRegistration'> }) {
  const { t } = useTranslation();
  const status = companyStatus(company);
  return (
    <Chip
      size="small"
      label={t(`company.status.${status}`)}
      sx={{ bgcolor: COMPANY_STATUS_COLORS[status], color: '#fff', fontWeight: 600 }}
      data-testid={`status-${status}`}
    />
  );
}
