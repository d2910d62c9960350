import './styles/global.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root');

// The app never submits a form natively: a tap on 立即注册 before hydration must not reload the page.
document.addEventListener('submit', (event) => event.preventDefault(), true);

// The app chunk comes as a dynamic import so this entry stays tiny; it hydrates as soon as it arrives.
// (Waiting for the first frame first bought no measurable paint time and let hydration move the
// download buttons after the page had painted.)
void import('./app/hydrate').then(({ mountApp }) => mountApp(container));
