import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { applySystemTheme } from './hooks/useAppearance';
import { api } from './api/client';
import { createBatonStore } from './store';
import { StoreProvider } from './store/StoreProvider';
import './styles.css';

applySystemTheme();
const store = createBatonStore(api);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <StoreProvider store={store}>
      <App />
    </StoreProvider>
  </StrictMode>,
);
