import { createTheme } from '@mui/material/styles';

/** Schrankwerk brand: dark navy primary, warm accent; compact, professional. */
const BRAND_COLOR = '#1d3557';

export const theme = createTheme({
  palette: {
    primary: { main: BRAND_COLOR },
    secondary: { main: '#e76f51' },
    background: { default: '#f4f6f9' },
  },
  shape: { borderRadius: 6 },
  typography: {
    fontFamily: '"Inter", "Segoe UI", Roboto, Helvetica, Arial, sans-serif',
    h1: { fontSize: '1.75rem', fontWeight: 600 },
    h2: { fontSize: '1.4rem', fontWeight: 600 },
    // a sub-heading inside a section (MUI's default h3 is 3rem)
    h3: { fontSize: '1.1rem', fontWeight: 600 },
  },
  components: {
    MuiButton: { defaultProps: { disableElevation: true }, styleOverrides: { root: { textTransform: 'none' } } },
    MuiTextField: { defaultProps: { size: 'small', fullWidth: true } },
    MuiPaper: { defaultProps: { elevation: 0 }, styleOverrides: { root: { border: '1px solid #e1e5eb' } } },
    MuiAppBar: { styleOverrides: { root: { border: 'none' } } },
  },
});
