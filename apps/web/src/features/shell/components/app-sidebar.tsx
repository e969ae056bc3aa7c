import type { CurrentUser } from '@pharmacy/contracts';
import { Avatar, Badge, Button, Flex, IconButton, Text, Tooltip } from '@radix-ui/themes';
import { Link } from '@tanstack/react-router';
import type { ReactElement } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { LogoutIcon, PharmacyIcon, SettingsIcon, UserIcon } from '../../../components/icons';
import { AppearanceToggle } from '../../../components/appearance-toggle';
import { LanguageToggle } from '../../../components/language-toggle';
import type { MessageId } from '../../../i18n/messages';
import { useLanguage } from '../../../i18n/use-language';
import { usePermissions, type Role } from '../../../lib/authorization';
import { displayNameOf } from '../../../lib/session';
import { useLogout } from '../hooks/use-logout';
import { navItems, visibleNavItems } from '../nav-items';
import { PharmacySwitcher } from './pharmacy-switcher';

const roleLabels: Readonly<Record<Role, { id: MessageId }>> = {
  admin: { id: 'role.administrator' },
  pharmacist: { id: 'role.pharmacist' },
  auditor: { id: 'role.auditor' },
};

export interface AppSidebarProps {
  user: CurrentUser;
  /** Icons only (the collapsed desktop sidebar): labels move into tooltips. */
  collapsed: boolean;
  /** Called after following a link (the phone sheet closes). */
  onNavigate?: () => void;
}

/** Specification §2, "Navigation shell": header, entries, then Settings, language and Logout. */
export function AppSidebar({ user, collapsed, onNavigate }: AppSidebarProps) {
  const intl = useIntl();
  const { direction } = useLanguage();
  const { canManageUsers, canAudit, canWrite } = usePermissions();
  const { logout, isPending: isLoggingOut } = useLogout();
  const items = visibleNavItems(navItems, { isAdmin: canManageUsers, canAudit, canWrite });
  const displayName = displayNameOf(user);
  const roleLabel = intl.formatMessage(roleLabels[user.role]);
  const readOnlyLabel = intl.formatMessage({ id: 'shell.readOnly' });
  const settingsLabel = intl.formatMessage({ id: 'nav.settings' });
  const logoutLabel = intl.formatMessage({ id: 'shell.logout' });

  // Tooltips point away from the sidebar, whichever side it is on.
  const withTooltip = (label: string, element: ReactElement) =>
    collapsed ? (
      <Tooltip content={label} side={direction === 'rtl' ? 'left' : 'right'}>
        {element}
      </Tooltip>
    ) : (
      element
    );

  return (
    <div className="sidebar" data-collapsed={collapsed || undefined}>
      <div className="sidebar-header">
        <div className="sidebar-brand">
          <PharmacyIcon width={24} height={24} className="sidebar-brand-icon" />
          <div className="sidebar-label">
            <Text as="div" size="3" weight="bold" className="sidebar-truncate">
              <FormattedMessage id="app.name" />
            </Text>
            <Text as="div" size="1" color="gray" className="sidebar-truncate">
              <FormattedMessage id="app.tagline" />
            </Text>
          </div>
        </div>

        <div className="sidebar-user" aria-label={intl.formatMessage({ id: 'shell.user.label' })} role="group">
          {withTooltip(
            canWrite ? `${displayName} · ${roleLabel}` : `${displayName} · ${roleLabel} · ${readOnlyLabel}`,
            <Avatar
              size="2"
              radius="full"
              src={user.profileImageUrl ?? undefined}
              fallback={<UserIcon width={16} height={16} />}
              alt=""
              className="sidebar-avatar"
            />,
          )}
          <div className="sidebar-label">
            <Flex gap="2" align="center" minWidth="0">
              <Text as="div" size="2" weight="medium" className="sidebar-truncate" data-testid="sidebar-user-name">
                <bdi>{displayName}</bdi>
              </Text>
              {/* Auditors see everything and change nothing: the shell says so next to their name. */}
              {!canWrite && (
                <Badge size="1" color="amber" variant="soft" style={{ flexShrink: 0 }} data-testid="sidebar-read-only">
                  {readOnlyLabel}
                </Badge>
              )}
            </Flex>
            <Text as="div" size="1" color="gray" data-testid="sidebar-user-role">
              {roleLabel}
            </Text>
          </div>
        </div>

        {!collapsed && <PharmacySwitcher user={user} />}
      </div>

      <nav className="sidebar-nav" aria-label={intl.formatMessage({ id: 'nav.label' })}>
        <ul>
          {items.map((item) => {
            const label = intl.formatMessage(item.label);
            const Icon = item.icon;
            return (
              <li key={item.key}>
                {withTooltip(
                  label,
                  <Link
                    to={item.to}
                    className="sidebar-link"
                    aria-label={collapsed ? label : undefined}
                    activeOptions={{ exact: item.to === '/' }}
                    onClick={onNavigate}
                  >
                    <Icon width={18} height={18} />
                    <span className="sidebar-label">{label}</span>
                  </Link>,
                )}
              </li>
            );
          })}
        </ul>
      </nav>

      <div className="sidebar-footer">
        {withTooltip(
          settingsLabel,
          <Link
            to="/settings"
            className="sidebar-link"
            aria-label={collapsed ? settingsLabel : undefined}
            onClick={onNavigate}
          >
            <SettingsIcon width={18} height={18} />
            <span className="sidebar-label">{settingsLabel}</span>
          </Link>,
        )}
        <div className="sidebar-preferences">
          <LanguageToggle compact={collapsed} />
          <AppearanceToggle beside />
        </div>
        {collapsed ? (
          withTooltip(
            logoutLabel,
            <IconButton variant="soft" color="red" onClick={logout} disabled={isLoggingOut} aria-label={logoutLabel}>
              <LogoutIcon className="icon-flip-rtl" />
            </IconButton>,
          )
        ) : (
          <Button variant="soft" color="red" onClick={logout} disabled={isLoggingOut} className="sidebar-button">
            <LogoutIcon className="icon-flip-rtl" />
            {logoutLabel}
          </Button>
        )}
      </div>
    </div>
  );
}
