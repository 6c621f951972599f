/**
 * Opened on its own (its dev server or /remotes/organiser/), a remote has no host to give it a
 * user, theme or router, so it only points to the shell that loads it.
 */
import { createRoot } from 'react-dom/client';
import { Result } from 'antd';

createRoot(document.getElementById('root')!).render(
  <Result
    status="info"
    title="Aide organiser module"
    subTitle="This is a federated remote. Open the Aide app to use it."
    extra={<a href="/">Open Aide</a>}
  />,
);
