export { NavBar, type NavBarProps } from './nav-bar';
