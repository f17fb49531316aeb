import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { applySystemTheme } from './hooks/useAppearance';
import { api } from './api/client';
import { reportingRootOptions, reportWindowErrors } from './lib/reportErrors';
import { createBatonStore } from './store';
import { StoreProvider } from './store/StoreProvider';
import './styles.css';

reportWindowErrors(api);
applySystemTheme();
const store = createBatonStore(api);

// A component that throws while drawing takes the page down; the log says which and where.
createRoot(document.getElementById('root')!, reportingRootOptions(api)).render(
  <StrictMode>
    <StoreProvider store={store}>
      <App />
    </StoreProvider>
  </StrictMode>,
);
