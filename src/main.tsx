import './styles/global.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root');

// The app never submits a form natively: a tap on 立即注册 before hydration must not reload the page.
document.addEventListener('submit', (event) => event.preventDefault(), true);

// The prerendered HTML is the whole first screen: let it paint before React is evaluated and hydrates,
// so a slow phone shows the page without waiting for ~80 KB of script to run.
const mount = () => void import('./app/hydrate').then(({ mountApp }) => mountApp(container));
if (document.visibilityState === 'hidden') mount(); // no frames are painted in a background tab
else requestAnimationFrame(() => setTimeout(mount, 0));
