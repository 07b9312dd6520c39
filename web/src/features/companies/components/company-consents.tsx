import { useState } from 'react';
import {
  Accordion,
  AccordionDetails,
  AccordionSummary,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  Typography,
} from '@mui/material';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { useTranslation } from 'react-i18next';
import type { Company } from '@model/company';
import { mayReadConsents } from '@model/consent';
import type { PageSize } from '@model/paging';
import { principalOf } from '@/lib/current-user/principal';
import { useCurrentUser } from '@/lib/current-user/current-user-context';
import { formatDateTime, formatDay } from '@/lib/format';
import { useConsents } from '../api/get-consents';

const PAGE_SIZES: PageSize[] = [5, 15, 30];

/** The table of a company's acceptances, one server page at a time (newest first). */
function ConsentTable({ companyId }: { companyId: string }) {
  const { t } = useTranslation('companies');
  const [page, setPage] = useState(0);
  const [paginationSize, setPaginationSize] = useState<PageSize>(15);
  const consents = useConsents({ companyId, page, paginationSize });
  const rows = consents.data?.content ?? [];
  if (consents.isPending) return <Typography>{t('common.loading')}</Typography>;
  if (!rows.length && page === 0) return <Typography color="text.secondary">{t('consents.none')}</Typography>;
  return (
    <>
      <TableContainer sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label={t('consents.title')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('consents.user')}</TableCell>
              <TableCell>{t('consents.document')}</TableCell>
              <TableCell>{t('consents.version')}</TableCell>
              <TableCell>{t('consents.acceptedAt')}</TableCell>
              <TableCell>{t('consents.clientAddress')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((c) => (
              <TableRow key={c.id}>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>
                  {c.userName}
                  <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                    {c.mail}
                  </Typography>
                </TableCell>
                <TableCell>{t(`consents.documents.${c.document}`)}</TableCell>
                <TableCell>{formatDay(c.version)}</TableCell>
                <TableCell>{formatDateTime(c.acceptedAt)}</TableCell>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>{c.clientAddress ?? t('consents.noAddress')}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        count={consents.data?.totalElements ?? 0}
        page={page}
        onPageChange={(_e, next) => setPage(next)}
        rowsPerPage={paginationSize}
        rowsPerPageOptions={PAGE_SIZES}
        onRowsPerPageChange={(e) => {
          setPaginationSize(Number(e.target.value) as PageSize);
          setPage(0);
        }}
        labelRowsPerPage={t('consents.perPage')}
        labelDisplayedRows={({ from, to, count }) => t('consents.displayed', { from, to, count })}
      />
    </>
  );
}

/**
 * "Zustimmungen" section of the company page: who of the company accepted which version of the AVB and the privacy
 * policy, when and from which client address. Platform administrators only (the API applies the same rule); the
 * records load when it is opened.
 */
export function CompanyConsents({ company }: { company: Company }) {
  const { t } = useTranslation('companies');
  const { user } = useCurrentUser();
  const [open, setOpen] = useState(false);
  if (!mayReadConsents(principalOf(user), { companyId: company.id })) return null;
  return (
    <Accordion
      expanded={open}
      onChange={(_e, expanded) => setOpen(expanded)}
      sx={{ mt: 3, maxWidth: 960 }}
      slotProps={{ transition: { unmountOnExit: true } }}
    >
      <AccordionSummary expandIcon={<ExpandMoreIcon />} aria-controls="company-consents" id="company-consents-header">
        <Typography variant="h2">{t('consents.title')}</Typography>
      </AccordionSummary>
      <AccordionDetails id="company-consents">{open && <ConsentTable companyId={company.id} />}</AccordionDetails>
    </Accordion>
  );
}
