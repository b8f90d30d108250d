import { Badge, Box, Button, Flex, HStack, Link, Text } from '@chakra-ui/react';
import { LuLifeBuoy, LuLogOut } from 'react-icons/lu';
import { NavLink, Outlet } from 'react-router-dom';
import { Logo } from '../components/Logo';
import { staticClasses, type StaticStyle } from '../components/static-classes';
import { AlertBell } from '../features/alerts/AlertBell';
import { useAuth } from '../features/auth/AuthProvider';
import { isSuperAdminRole, NAV_LINKS } from './nav-links';

const HELPDESK = 'helpdesk@infinitum.co.nz';
const HELP_BODY =
  'Hello Infinitum helpdesk,\n\nI need help with:\n\n(Please describe what you were doing and what you expected.)\n';
export const HELP_MAILTO = `mailto:${HELPDESK}?subject=${encodeURIComponent('Help Request')}&body=${encodeURIComponent(HELP_BODY)}`;

/** Build and environment shown outside production (spec 2). */
function EnvironmentIndicator(props: { hideBelow?: 'md' }) {
  if (__APP_ENV__ === 'production') return null;
  return (
    <Badge
      colorPalette="orange"
      variant="surface"
      title={`Environment ${__APP_ENV__}`}
      data-testid="build-indicator"
      flexShrink={0}
      {...props}
    >
      {__APP_BUILD__} / {__APP_VERSION__}
    </Badge>
  );
}

// One link of the bar as Chakra's HStack and Text drew it (px base 2 / lg 3, 36 px high, the active one
// highlighted), as fixed classes: the links are drawn in the first commit of every signed-in screen.
const link = (active: boolean): StaticStyle => ({
  css: {
    display: 'flex',
    alignItems: 'center',
    flexDirection: 'row',
    gap: '2',
    px: { base: '2', lg: '3' },
    h: '36px',
    borderRadius: 'md',
    color: 'white',
    bg: active ? 'whiteAlpha.300' : 'transparent',
    fontWeight: active ? 'semibold' : 'normal',
    _hover: { bg: 'whiteAlpha.200' },
  },
});
export const useNavClasses = staticClasses({
  nav: {
    css: {
      display: 'flex',
      alignItems: 'center',
      flexDirection: 'row',
      gap: { base: '1', lg: '2' },
      flex: '1',
      minW: '0',
    },
  },
  link: link(false),
  activeLink: link(true),
  // Icons only on small screens (spec 2).
  label: { css: { display: { base: 'none', lg: 'inline' }, whiteSpace: 'nowrap', fontSize: 'sm' } },
});

function TopNavigation() {
  const { user } = useAuth();
  const c = useNavClasses();
  const links = NAV_LINKS.filter((l) => !l.superAdminOnly || isSuperAdminRole(user?.role));
  return (
    <nav aria-label="Main" className={`chakra-stack ${c.nav}`}>
      {links.map(({ to, label, icon: Icon }) => (
        <NavLink key={to} to={to} aria-label={label} title={label}>
          {({ isActive }) => (
            <div
              className={`chakra-stack ${isActive ? c.activeLink : c.link}`}
              aria-current={isActive ? 'page' : undefined}
            >
              <Icon size={18} />
              <span className={c.label}>{label}</span>
            </div>
          )}
        </NavLink>
      ))}
    </nav>
  );
}

export function AppShell() {
  const { logout } = useAuth();
  return (
    <Flex direction="column" minH="100vh" bg="gray.50">
      <Flex
        as="header"
        h="60px"
        px={{ base: '3', md: '5' }}
        bg="primary"
        align="center"
        gap="4"
        position="sticky"
        top="0"
        zIndex="sticky"
      >
        <Box flexShrink={0} display="flex" alignItems="center">
          <Logo height={30} light withWord={false} />
        </Box>
        <TopNavigation />
        {/* A phone's header has no room beside the icons: there it sits in the footer. */}
        <EnvironmentIndicator hideBelow="md" />
        <HStack gap="1">
          <AlertBell />
          <Button asChild size="sm" variant="ghost" color="white" _hover={{ bg: 'whiteAlpha.200' }}>
            <a href={HELP_MAILTO} aria-label="Get help">
              <LuLifeBuoy />
              <Text as="span" display={{ base: 'none', md: 'inline' }}>
                Get help
              </Text>
            </a>
          </Button>
          <Button
            size="sm"
            variant="ghost"
            color="white"
            _hover={{ bg: 'whiteAlpha.200' }}
            aria-label="Sign out"
            onClick={() => {
              logout();
              // The login page is the public bundle: a full load, which also drops this session's memory.
              window.location.replace('/login');
            }}
          >
            <LuLogOut />
            <Text as="span" display={{ base: 'none', md: 'inline' }}>
              Sign out
            </Text>
          </Button>
        </HStack>
      </Flex>
      <Box as="main" flex="1" px={{ base: '3', md: '6' }} py="6" maxW="1600px" w="100%" mx="auto">
        <Outlet />
      </Box>
      <Box as="footer" py="4" textAlign="center" fontSize="sm" color="gray.600" borderTopWidth="1px" bg="white">
        © {new Date().getFullYear()} Infinitum Ltd. Measurement for connected advertising.{' '}
        <Link href="/license" color="tint">
          Platform License Agreement
        </Link>
        {__APP_ENV__ !== 'production' && (
          <Box mt="2" hideFrom="md">
            <EnvironmentIndicator />
          </Box>
        )}
      </Box>
    </Flex>
  );
}
