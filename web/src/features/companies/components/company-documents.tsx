import { useState } from 'react';
import { Accordion, AccordionDetails, AccordionSummary, Stack, Typography } from '@mui/material';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { useTranslation } from 'react-i18next';
import type { Company } from '@model/company';
import { companyDocumentsPath } from '@model/files';
import { callerFacts, mayChangeCompanyDocuments, mayReadCompanyDocuments } from '@model/permissions';
import { FolderFiles } from '@/components/file-table';
import { useCurrentUser } from '@/lib/current-user/current-user-context';

/** The documents of a company (signed AVV, certificates): list and download; upload and delete where the model allows. */
function CompanyDocumentFiles({ company }: { company: Company }) {
  const { t } = useTranslation('files');
  const { user } = useCurrentUser();
  const canChange = mayChangeCompanyDocuments(callerFacts(user), company.id);
  const path = companyDocumentsPath(company.id);
  return (
    <Stack spacing={2}>
      <Typography variant="body2" color="text.secondary">
        {t('companyDocuments.hint')}
      </Typography>
      <FolderFiles path={path} context="general" canChange={canChange} />
    </Stack>
  );
}

/**
 * "Dokumente" section of the company page; the files load when it is opened. Shown only to callers the model's
 * rule lets read them (the API applies the same functions).
 */
export function CompanyDocuments({ company }: { company: Company }) {
  const { t } = useTranslation('files');
  const { user } = useCurrentUser();
  const [open, setOpen] = useState(false);
  if (!mayReadCompanyDocuments(callerFacts(user), company.id)) return null;
  return (
    <Accordion
      expanded={open}
      onChange={(_e, expanded) => setOpen(expanded)}
      sx={{ mt: 3, maxWidth: 760 }}
      slotProps={{ transition: { unmountOnExit: true } }}
    >
      <AccordionSummary expandIcon={<ExpandMoreIcon />} aria-controls="company-documents" id="company-documents-header">
        <Typography variant="h2">{t('companyDocuments.title')}</Typography>
      </AccordionSummary>
      <AccordionDetails id="company-documents">{open && <CompanyDocumentFiles company={company} />}</AccordionDetails>
    </Accordion>
  );
}
