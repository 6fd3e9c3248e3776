import common from './common.json';
import pages from './pages.json';
import errors from './errors.json';
import home from './home.json';
import auth from './auth.json';
import profile from './profile.json';
import cashier from './cashier.json';
import games from './games.json';
import fairness from './fairness.json';
import jackpots from './jackpots.json';
import studio from './studio.json';
import tournaments from './tournaments.json';
import promotions from './promotions.json';
import bonuses from './bonuses.json';
import loyalty from './loyalty.json';
import signInChannels from './sign-in-channels.json';

export default { common, pages, errors, home, auth, profile, cashier, games, jackpots, studio, fairness, tournaments, promotions, bonuses, loyalty, 'sign-in-channels': signInChannels };
