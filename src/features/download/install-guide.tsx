import { useId } from 'react';
import { INSTALL_GUIDES } from './install-steps';

/** The 安装教程 label (it has no action) with the steps for each platform under it. */
export function InstallGuide() {
  const titleId = useId();
  return (
    <section className="install-guide" aria-labelledby={titleId}>
      <h2 id={titleId} className="install-guide__label">
        安装教程
      </h2>
      {INSTALL_GUIDES.map((guide) => (
        <div key={guide.title} className="install-guide__card">
          <h3 className="install-guide__platform">{guide.title}</h3>
          <ol className="install-guide__steps">
            {guide.steps.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ol>
        </div>
      ))}
    </section>
  );
}
