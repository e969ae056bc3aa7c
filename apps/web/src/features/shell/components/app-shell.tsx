import type { CurrentUser } from '@pharmacy/contracts';
import { Container, IconButton, Text, VisuallyHidden } from '@radix-ui/themes';
import { Dialog } from 'radix-ui';
import { useId, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { SidebarIcon } from '../../../components/icons';
import { useLanguage } from '../../../i18n/use-language';
import { localizedPharmacy } from '../../../lib/session';
import { useSidebarState } from '../hooks/use-sidebar-state';
import { AppSidebar } from './app-sidebar';
import { ConnectionStatus } from './connection-status';

/**
 * The signed-in layout (specification §2/§9): a collapsible sidebar (16rem, or
 * 3rem of icons) beside the page; under 768 px a slide-in sheet (18rem) over an
 * overlay. Ctrl/Cmd+B toggles whichever applies. Everything is laid out with
 * logical properties, so Arabic puts the sidebar on the right by itself.
 */
export function AppShell({ user, children }: { user: CurrentUser; children: ReactNode }) {
  const intl = useIntl();
  const { language } = useLanguage();
  const sidebar = useSidebarState();
  const sidebarId = useId();
  const expanded = sidebar.isMobile ? sidebar.openMobile : sidebar.open;

  return (
    <div className="shell" data-sidebar={sidebar.isMobile ? 'mobile' : sidebar.open ? 'expanded' : 'collapsed'}>
      {sidebar.isMobile ? (
        <Dialog.Root open={sidebar.openMobile} onOpenChange={sidebar.setOpenMobile}>
          {/* No portal: the sheet stays inside the Radix theme (its colours and fonts). */}
          <Dialog.Overlay className="shell-sheet-overlay" />
          <Dialog.Content className="shell-sheet" id={sidebarId} aria-describedby={undefined}>
            <VisuallyHidden>
              <Dialog.Title>
                <FormattedMessage id="shell.sidebar.title" />
              </Dialog.Title>
            </VisuallyHidden>
            <AppSidebar user={user} collapsed={false} onNavigate={() => sidebar.setOpenMobile(false)} />
          </Dialog.Content>
        </Dialog.Root>
      ) : (
        <aside className="shell-sidebar" id={sidebarId} aria-label={intl.formatMessage({ id: 'shell.sidebar.title' })}>
          <AppSidebar user={user} collapsed={!sidebar.open} />
        </aside>
      )}

      <div className="shell-main">
        <header className="shell-header">
          <IconButton
            variant="ghost"
            color="gray"
            onClick={sidebar.toggle}
            aria-label={intl.formatMessage({ id: 'shell.sidebar.toggle' })}
            aria-expanded={expanded}
            aria-controls={sidebar.isMobile && !expanded ? undefined : sidebarId}
          >
            <SidebarIcon width={18} height={18} className="icon-flip-rtl" />
          </IconButton>
          {user.currentPharmacy && (
            <Text size="2" color="gray" className="sidebar-truncate">
              <bdi>{localizedPharmacy(user.currentPharmacy, language).name}</bdi>
            </Text>
          )}
          <ConnectionStatus />
        </header>
        <main className="shell-content">
          <Container size="4" px="4" py="6">
            {children}
          </Container>
        </main>
      </div>
    </div>
  );
}
