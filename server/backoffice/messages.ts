import type { BackofficeLocale } from '../../contract/backoffice-path.ts';
import { AppError } from '../platform/errors.ts';

/**
 * The back office's error messages in French. Handlers and the modules under them write their
 * messages in English, as the logs and the audit trail keep them; the router translates an error
 * on its way out to a member who reads French, field by field. The English text is the key, as
 * gettext does: `{name}` stands for a value written into the message (an id, an amount, a status),
 * which the French text places where French puts it. A message missing here goes out in English;
 * messages.test.ts finds every message the back office's code writes and fails on one missing.
 *
 * Schema messages (a field required, too long) are written in the member's language directly
 * (api/validate.ts), and so are the responsible-gaming and verification modules' own messages.
 */
const FRENCH: Array<[english: string, french: string]> = [
  // The router.
  ['Sign in to the back office', 'Connectez-vous au back-office'],
  ['Your role may not do this ({permission})', 'Votre rôle ne permet pas cette action ({permission})'],
  ['Cross-origin request refused', 'Requête d’une autre origine refusée'],
  ['Endpoint {name} not found', 'Point d’accès {name} introuvable'],
  ['{name} must be called with {verb}', '{name} s’appelle avec {verb}'],
  // Members and signing in.
  ['Wrong e-mail or password', 'E-mail ou mot de passe incorrect'],
  ['Wrong or used code', 'Code incorrect ou déjà utilisé'],
  ['Already signed in', 'Déjà connecté'],
  ['This set-up link is not valid any more', 'Ce lien de configuration n’est plus valable'],
  ['Invalid parameter: password', 'Paramètre invalide : mot de passe'],
  ['At least {n} characters', 'Au moins {n} caractères'],
  ['The password may not contain your e-mail name', 'Le mot de passe ne peut pas contenir le nom de votre e-mail'],
  ['Choose a password first', 'Choisissez d’abord un mot de passe'],
  ['No such staff member', 'Membre introuvable'],
  ['A staff member with this e-mail exists', 'Un membre a déjà cet e-mail'],
  ['You cannot change your own role', 'Vous ne pouvez pas changer votre propre rôle'],
  ['The last owner keeps the owner role', 'Le dernier propriétaire garde son rôle'],
  ['You cannot disable yourself', 'Vous ne pouvez pas vous désactiver vous-même'],
  ['The last owner cannot be disabled', 'Le dernier propriétaire ne peut pas être désactivé'],
  ['Ask another owner to reset your sign-in', 'Demandez à un autre propriétaire de réinitialiser votre connexion'],
  ['Enable the member first', 'Réactivez d’abord le membre'],
  // Players.
  ['No such player', 'Joueur introuvable'],
  ['No player with id {id}', 'Aucun joueur avec l’id {id}'],
  ['No player signs in with {login}', 'Aucun joueur ne se connecte avec {login}'],
  ['Give a player id or login', 'Indiquez l’id ou l’identifiant du joueur'],
  ['Bad tag {tag}', 'Étiquette invalide : {tag}'],
  ['“{tag}”: lower-case letters, digits and dashes, up to 32', '« {tag} » : lettres minuscules, chiffres et tirets, 32 au plus'],
  ['An amount like 600, +25.50 or -25.50 (not zero)', 'Un montant comme 600, +25.50 ou -25.50 (pas zéro)'],
  ['At most 1,000,000 at a time', 'Au plus 1 000 000 à la fois'],
  ['No such adjustment', 'Ajustement introuvable'],
  ['You asked for this adjustment: another member approves it', 'Vous avez demandé cet ajustement : un autre membre l’approuve'],
  ['This adjustment was applied already', 'Cet ajustement a déjà été appliqué'],
  ['This adjustment was rejected', 'Cet ajustement a été refusé'],
  ['The main balance is smaller than this', 'Le solde principal est inférieur à ce montant'],
  ['The main balance is smaller than {amount} {currency}', 'Le solde principal est inférieur à {amount} {currency}'],
  ['No campaign with this id can be granted: it has ended, or it pays with a deposit or by period', 'Aucune campagne avec cet id ne peut être accordée : elle est terminée, ou elle paie avec un dépôt ou par période'],
  ['This campaign pays in {currency}; the player\'s account is in {account}', 'Cette campagne paie en {currency} ; le compte du joueur est en {account}'],
  ['The player has had this campaign already', 'Le joueur a déjà reçu cette campagne'],
  // Money.
  ['Withdrawal {id} not found', 'Retrait {id} introuvable'],
  ['Withdrawal {id} is {status}, not waiting for approval', 'Le retrait {id} est {status} : il n’attend pas d’approbation'],
  ['Withdrawal {id} has flags ({flags}): review it on its own', 'Le retrait {id} a des signalements ({flags}) : examinez-le seul'],
  ['Withdrawal {id} needs two members: approve it on its own', 'Le retrait {id} demande deux membres : approuvez-le seul'],
  ['You approved this withdrawal already: a second member must approve it', 'Vous avez déjà approuvé ce retrait : un second membre doit l’approuver'],
  ['At least the minimum amount', 'Au moins le montant minimum'],
  ['Deposit {id} not found', 'Dépôt {id} introuvable'],
  ['Deposit {id} is {status}: only a created or pending deposit can be settled', 'Le dépôt {id} est {status} : seul un dépôt créé ou en attente peut être réglé'],
  ['Deposit {id} is with {provider}, which settles it itself', 'Le dépôt {id} passe par {provider}, qui le règle lui-même'],
  ['The provider could not settle {id}: its callback was refused', 'Le prestataire n’a pas pu régler {id} : son rappel a été refusé'],
  ['The provider could not settle this deposit', 'Le prestataire n’a pas pu régler ce dépôt'],
  ['Deposit {id} is {status}: only a settled deposit can be refunded', 'Le dépôt {id} est {status} : seul un dépôt réglé peut être remboursé'],
  ['Deposit {id} is refunded already', 'Le dépôt {id} est déjà remboursé'],
  ['Deposit {id} is with {provider}, which takes no refunds from here', 'Le dépôt {id} passe par {provider}, qui n’accepte pas de remboursement d’ici'],
  ['At most {amount} {currency} is left to refund', 'Il reste au plus {amount} {currency} à rembourser'],
  ['An amount like 25 or 25.50 in {currency}, or empty for the whole of what is left', 'Un montant comme 25 ou 25.50 en {currency}, ou vide pour tout ce qui reste'],
  [
    "The player's main balance is below {amount} {currency}: they have spent or withdrawn part of this deposit",
    'Le solde principal du joueur est inférieur à {amount} {currency} : il a dépensé ou retiré une partie de ce dépôt',
  ],
  // Sportsbook trading.
  ['Event {id} not found', 'Événement {id} introuvable'],
  ['Event {id} was called off', 'L’événement {id} a été annulé'],
  ['Market {id} not found', 'Marché {id} introuvable'],
  ['Market {id} is settled: settle it again instead', 'Le marché {id} est réglé : réglez-le à nouveau'],
  ['This market has no selection {key}', 'Ce marché n’a pas de sélection {key}'],
  ['Selection {id} is not in this market', 'La sélection {id} n’est pas dans ce marché'],
  ['Pick at least one winning selection, or void the market', 'Choisissez au moins une sélection gagnante, ou annulez le marché'],
  ['Not every selection can win: void the market instead', 'Toutes les sélections ne peuvent pas gagner : annulez plutôt le marché'],
  ['This market changed since the preview: look at the new figures and confirm again', 'Ce marché a changé depuis l’aperçu : regardez les nouveaux montants et confirmez à nouveau'],
  ['This event changed since the preview: look at the new figures and confirm again', 'Cet événement a changé depuis l’aperçu : regardez les nouveaux montants et confirmez à nouveau'],
  ['At least the start date', 'Au moins la date de début'],
  ['Give the odds of at least one selection', 'Indiquez la cote d’au moins une sélection'],
  ['Give the final score, or call the event off', 'Indiquez le score final, ou annulez l’événement'],
  // Content (server/modules/content/editor.ts, images.ts) and uploads.
  ['The site reads its content from Strapi: edit it in Strapi’s admin', 'Le site lit son contenu dans Strapi : modifiez-le dans l’administration de Strapi'],
  ['The entry changed since you opened it: reload to see the new version', 'Le contenu a changé depuis son ouverture : rechargez pour voir la nouvelle version'],
  ['Version {version} is the current one now', 'La version {version} est maintenant la version actuelle'],
  ['No version {version} of this entry', 'Aucune version {version} de ce contenu'],
  ['Version {version} is live already', 'La version {version} est déjà en ligne'],
  ['This entry is not published', 'Ce contenu n’est pas publié'],
  ['Image {name} was not uploaded', 'L’image {name} n’a pas été téléversée'],
  ['Choose an image file', 'Choisissez un fichier image'],
  ['At most 5 MB per image', 'Au plus 5 Mo par image'],
  ['Send a JPEG or PNG image', 'Envoyez une image JPEG ou PNG'],
  ['This file carries something besides an image: save it again as a plain JPEG or PNG', 'Ce fichier contient autre chose qu’une image : enregistrez-le de nouveau en simple JPEG ou PNG'],
  ['This image could not be read', 'Cette image n’a pas pu être lue'],
  ['This image has too many pixels (at most 50 megapixels)', 'Cette image a trop de pixels (50 mégapixels au plus)'],
  ['At most {max} per file', 'Au plus {max} par fichier'],
  ['One file at a time', 'Un seul fichier à la fois'],
  ['Nothing changed', 'Rien n’a changé'],
  // Verification.
  ['No such document', 'Document introuvable'],
  ['Write the reason the player will read', 'Écrivez le motif que le joueur lira'],
  // Marketing: campaigns, promo codes, cashback.
  ['No campaign with id {id}', 'Aucune campagne avec l’id {id}'],
  ['A campaign {sysname} exists already', 'Une campagne {sysname} existe déjà'],
  ['No game {game}', 'Aucun jeu {game}'],
  ['This campaign is published already', 'Cette campagne est déjà publiée'],
  ['This campaign has ended: create a new one', 'Cette campagne est terminée : créez-en une nouvelle'],
  ['Its end is past: change the schedule first', 'Sa fin est passée : changez d’abord le calendrier'],
  ['This campaign is not published', 'Cette campagne n’est pas publiée'],
  ['Someone changed this campaign meanwhile: reload it', 'Quelqu’un a modifié cette campagne entre-temps : rechargez-la'],
  ['This campaign has ended', 'Cette campagne est terminée'],
  ['Must be in the future', 'Doit être dans le futur'],
  ['The code {code} exists already', 'Le code {code} existe déjà'],
  ['No promo code with id {id}', 'Aucun code promo avec l’id {id}'],
  ['This code is disabled already', 'Ce code est déjà désactivé'],
  // Marketing: loyalty and tournaments.
  ['Invalid parameter: {fields}', 'Paramètre invalide : {fields}'],
  ['Must be after the start', 'Doit être après le début'],
  // The business report.
  ['A day like 2026-11-27', 'Un jour comme 2026-11-27'],
  ['Must be after the first day', 'Doit être après le premier jour'],
  ['At most {n} days', 'Au plus {n} jours'],
  ['At least the smallest amount of the currency', 'Au moins le plus petit montant de la devise'],
  ['Ranks go up: start after rank {rank}', 'Les rangs montent : commencez après le rang {rank}'],
  ['Must not be below the first rank of the range', 'Ne peut pas être inférieur au premier rang de la tranche'],
  ['A prize above zero, in {currency}', 'Un prix supérieur à zéro, en {currency}'],
  ['A bonus prize needs its wagering (0 to 100)', 'Un prix en bonus demande sa mise requise (0 à 100)'],
  ['Only a bonus prize has wagering and days', 'Seul un prix en bonus a une mise requise et une durée'],
  ['No active game {game}', 'Aucun jeu actif {game}'],
  ['No such tournament', 'Tournoi introuvable'],
  ['A tournament {sysname} exists already', 'Un tournoi {sysname} existe déjà'],
  ['Only a tournament that has not started can be changed', 'Seul un tournoi qui n’a pas commencé peut être modifié'],
  ['The tournament has finished already', 'Le tournoi est déjà terminé'],
  ['The tournament has not started', 'Le tournoi n’a pas commencé'],
  ['There is no active loyalty programme', 'Aucun programme de fidélité actif'],
  ['No such level', 'Niveau introuvable'],
  ['Another level has this name', 'Un autre niveau porte ce nom'],
  ['The first level starts at 0 points', 'Le premier niveau commence à 0 point'],
  ['Above {threshold}, the level below', 'Au-dessus de {threshold}, le niveau inférieur'],
  ['Below {threshold}, the level above', 'En dessous de {threshold}, le niveau supérieur'],
  ['No such character', 'Personnage introuvable'],
  ['Another character has this name', 'Un autre personnage porte ce nom'],
  ['This kind of product grants another reward', 'Ce type d’article accorde une autre récompense'],
  ['An amount above zero', 'Un montant supérieur à zéro'],
  ['No active game with this name', 'Aucun jeu actif de ce nom'],
  ['No level with this number', 'Aucun niveau avec ce numéro'],
  ['No such product', 'Article introuvable'],
  ['Another product has this name', 'Un autre article porte ce nom'],
  ['The product is in the shop already', 'L’article est déjà dans la boutique'],
  ['The product is out of the shop already', 'L’article est déjà retiré de la boutique'],
  // Games catalogue.
  ['No game {sysname}', 'Aucun jeu {sysname}'],
  ['No provider {sysname}', 'Aucun fournisseur {sysname}'],
  ['No category {ids} (every game is in “all” already)', 'Aucune catégorie {ids} (chaque jeu est déjà dans « tous »)'],
  ['{sysname} is not in category {category}', '{sysname} n’est pas dans la catégorie {category}'],
  ['{sysname} is not a live-dealer game', '{sysname} n’est pas un jeu avec croupier en direct'],
  ['{game} is disabled', '{game} est désactivé'],
  ['Free spins are played on slot games of the studio only', 'Les tours gratuits se jouent uniquement sur les machines à sous du studio'],
  ['No free-spin pack {id}', 'Aucun lot de tours gratuits {id}'],
  ['Pack {id} belongs to bonus {bonus}: it changes with its bonus', 'Le lot {id} appartient au bonus {bonus} : il change avec son bonus'],
  ['Pack {id} is {status}: only an active pack can be changed', 'Le lot {id} est {status} : seul un lot actif peut être modifié'],
  ['Spins were played already: only the validity can change, or cancel the pack', 'Des tours ont déjà été joués : seule la validité peut changer, ou annulez le lot'],
  ['No active player with this id', 'Aucun joueur actif avec cet id'],
  ['A bet per spin from {min} to {max} {currency}, in steps of {step}', 'Une mise par tour de {min} à {max} {currency}, par pas de {step}'],
  ['No jackpot pool {id}', 'Aucune cagnotte {id}'],
  ['A seed from 0 to {max} {currency}, like 5000 or 5000.00', 'Une mise de départ de 0 à {max} {currency}, comme 5000 ou 5000.00'],
  // Risk and AML.
  ['No risk rule {id}', 'Aucune règle de risque {id}'],
  ['No risk case {id}', 'Aucun dossier de risque {id}'],
  ['Risk case {id} is closed', 'Le dossier de risque {id} est clos'],
  ['An outcome is given when the case is closed', 'L’issue se donne à la clôture du dossier'],
  ['Choose the outcome of the case', 'Choisissez l’issue du dossier'],
  ['A case under investigation does not go back to open', 'Un dossier en cours d’enquête ne revient pas à « ouvert »'],
  ['This member may not work risk cases', 'Ce membre ne peut pas traiter les dossiers de risque'],
  ['Withdrawal {id} is held by risk case {case}', 'Le retrait {id} est bloqué par le dossier de risque {case}'],
  // Affiliates.
  ['A name of 2 to 80 characters', 'Un nom de 2 à 80 caractères'],
  ['An e-mail address like partner@example.com', 'Une adresse e-mail comme partner@example.com'],
  ['A percentage from 0 to 100, like 25 or 25.5', 'Un pourcentage de 0 à 100, comme 25 ou 25.5'],
  ['One of the site’s currencies', 'Une des devises du site'],
  ['An amount like 50 or 50.00, at most 1,000,000', 'Un montant comme 50 ou 50.00, au plus 1 000 000'],
  ['Choose the currency the CPA is paid in', 'Choisissez la devise dans laquelle le CPA est payé'],
  ['Give a revenue share, a CPA amount, or both', 'Indiquez un partage de revenus, un montant de CPA, ou les deux'],
  ['A full address like https://partner.example/postback?click={click_id}', 'Une adresse complète comme https://partner.example/postback?click={click_id}'],
  ['At most 1000 characters', 'Au plus 1000 caractères'],
  ['The address must start with https://', 'L’adresse doit commencer par https://'],
  ['No user name or password in the address', 'Pas de nom d’utilisateur ni de mot de passe dans l’adresse'],
  ['No # part in the address', 'Pas de partie # dans l’adresse'],
  ['The address must be a public host', 'L’adresse doit désigner un hôte public'],
  ['Unknown placeholder {name}', 'Variable inconnue {name}'],
  ['No affiliate with id {id}', 'Aucun affilié avec l’id {id}'],
  ['Another affiliate has this name', 'Un autre affilié porte ce nom'],
  ['Letters, digits, dashes and underscores, 2 to 40', 'Lettres, chiffres, tirets et tirets bas, de 2 à 40'],
  ['A path of this site, like / or /fr/casino', 'Un chemin de ce site, comme / ou /fr/casino'],
  ['Letters, digits and . _ : -, up to 64', 'Lettres, chiffres et . _ : -, 64 au plus'],
  ['A track_id may not begin with td_ (kept for tracking parameters)', 'Un track_id ne peut pas commencer par td_ (réservé aux paramètres de suivi)'],
  ['Another link has this track_id', 'Un autre lien a ce track_id'],
  ['Another link has this code', 'Un autre lien a ce code'],
  ['No affiliate link with id {id}', 'Aucun lien d’affilié avec l’id {id}'],
  ['The link is {status} already', 'Le lien est déjà {status}'],
];

type Compiled = { pattern: RegExp; names: string[]; french: string };

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function compile([english, french]: [string, string]): Compiled {
  const names: string[] = [];
  const source = english
    .split(/(\{\w+\})/)
    .map((part) => {
      const name = /^\{(\w+)\}$/.exec(part)?.[1];
      if (!name) return escape(part);
      names.push(name);
      return '(.+?)';
    })
    .join('');
  return { pattern: new RegExp(`^${source}$`, 's'), names, french };
}

const CATALOGUE = FRENCH.map(compile);

/** The English templates, for the test that every message the code writes has its French. */
export const ENGLISH_TEMPLATES: readonly string[] = FRENCH.map(([english]) => english);
export const FRENCH_TEMPLATES: readonly string[] = FRENCH.map(([, french]) => french);

/** A message in the member's language: French when the catalogue has it, else as written. */
export function translateMessage(message: string, locale: BackofficeLocale): string {
  if (locale === 'en') return message;
  for (const entry of CATALOGUE) {
    const match = entry.pattern.exec(message);
    if (!match) continue;
    const values = Object.fromEntries(entry.names.map((name, index) => [name, match[index + 1]]));
    return entry.french.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
  }
  return message;
}

/** Whether the catalogue knows this English message: a schema's own message the router may keep. */
export const isCataloguedMessage = (message: string): boolean => CATALOGUE.some((entry) => entry.pattern.test(message));

/** The same typed error with its message and each field's message in the member's language. */
export function localizeError(error: unknown, locale: BackofficeLocale): unknown {
  if (locale === 'en' || !(error instanceof AppError)) return error;
  const fields = error.fields && Object.fromEntries(Object.entries(error.fields).map(([field, message]) => [field, translateMessage(message, locale)]));
  return new AppError(error.type, translateMessage(error.message, locale), { fields, status: error.status, headers: error.headers, details: error.details });
}
