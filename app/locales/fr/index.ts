import common from './common.json';
import pages from './pages.json';
import errors from './errors.json';
import home from './home.json';

export default { common, pages, errors, home };
