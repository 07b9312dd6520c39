import { useTranslation } from 'react-i18next';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { LegalPage, useLegalList } from './legal-page';
import { TableScrollRegion } from '@/components/table-scroll-region';

interface Subcontractor {
  company: string;
  address: string;
  service: string;
  location: string;
}

const columns = ['company', 'address', 'service', 'location'] as const;

function SubcontractorTable() {
  const { t } = useTranslation('legal');
  const rows = useLegalList<Subcontractor>('subcontractors.rows');
  return (
    <Paper variant="outlined" sx={{ my: 3 }}>
      <TableScrollRegion label={t('subcontractors.table.ariaLabel')}>
        <Table size="small" aria-label={t('subcontractors.table.ariaLabel')}>
          <TableHead>
            <TableRow>
              {columns.map((column) => (
                <TableCell key={column} sx={{ fontWeight: 'bold' }}>
                  {t(`subcontractors.table.${column}`)}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.company} sx={{ verticalAlign: 'top' }}>
                {columns.map((column) => (
                  <TableCell key={column}>{row[column]}</TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableScrollRegion>
    </Paper>
  );
}

export function SubcontractorsPage() {
  return (
    <LegalPage page="subcontractors" backLink>
      <SubcontractorTable />
    </LegalPage>
  );
}
