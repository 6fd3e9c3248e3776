// Placeholder while this screen is built in this session; replaced before it lands.
export { default } from './not-found.tsx';
