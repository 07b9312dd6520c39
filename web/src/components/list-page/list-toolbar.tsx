import { Button, IconButton, InputAdornment, Stack, TextField, Tooltip, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DownloadIcon from '@mui/icons-material/Download';
import FilterListIcon from '@mui/icons-material/FilterList';
import SearchIcon from '@mui/icons-material/Search';
import { useTranslation } from 'react-i18next';

interface ListToolbarProps {
  title: string;
  searchLabelKey: string;
  search: string;
  onSearch: (text: string) => void;
  /** Enter in the search box (the lists that search on Enter) */
  onSearchEnter: () => void;
  /** the filter dialog's title; absent: no filter button */
  filterTitleKey?: string;
  /** a filter is set (the button is highlighted) */
  filtered: boolean;
  onFilter: () => void;
  /** the export button (absent: none), disabled while an export runs */
  onExport?: () => void;
  exporting: boolean;
  onAdd?: () => void;
  addLabelKey: string;
}

/** The list's header row: the title, the search box, the filter, export and add buttons. */
export function ListToolbar(props: ListToolbarProps) {
  const { t } = useTranslation();
  const { filterTitleKey, onExport, onAdd } = props;
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
      <Typography variant="h1" sx={{ flexGrow: 1 }}>
        {props.title}
      </Typography>
      <TextField
        label={t(props.searchLabelKey)}
        value={props.search}
        onChange={(e) => props.onSearch(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') props.onSearchEnter();
        }}
        sx={{ maxWidth: { sm: 280 } }}
        slotProps={{
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon fontSize="small" />
              </InputAdornment>
            ),
          },
        }}
      />
      {filterTitleKey && (
        <Tooltip title={t(filterTitleKey)}>
          <IconButton
            aria-label={t(filterTitleKey)}
            onClick={props.onFilter}
            color={props.filtered ? 'primary' : 'default'}
          >
            <FilterListIcon />
          </IconButton>
        </Tooltip>
      )}
      {onExport && (
        <Button startIcon={<DownloadIcon />} onClick={onExport} disabled={props.exporting} variant="outlined">
          {t('list.export')}
        </Button>
      )}
      {onAdd && (
        <Button startIcon={<AddIcon />} onClick={onAdd} variant="contained">
          {t(props.addLabelKey)}
        </Button>
      )}
    </Stack>
  );
}
