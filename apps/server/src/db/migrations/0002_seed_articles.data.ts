// The articles and guides migration 0002 inserted: part of that migration, frozen with it. DO NOT EDIT: a database
// that already ran 0002 would never see the change, and a new one would start from different content. Articles are
// changed through the editor (/app/addarticle), or by a new migration that updates the rows it names.
// Bodies are CommonMark + GFM; links point only at site paths.

export interface SeedArticle {
  kind: "article" | "guide";
  slug: string; // lowercase-kebab, unique across both kinds
  title: string;
  summary: string; // one or two sentences, plain text
  bodyMarkdown: string; // CommonMark + GFM, headings from ##, no raw HTML, links only to site paths
  publishedAt: string; // ISO date
}

export const seedArticles: readonly SeedArticle[] = [
  {
    kind: "article",
    slug: "what-is-a-digital-legacy",
    title: "What a digital legacy is, and why it matters",
    summary:
      "Much of what your family would need after you die now lives behind passwords. Here is what a digital legacy includes, why it gets lost, and what a good plan looks like.",
    publishedAt: "2025-02-11",
    bodyMarkdown: `## More of your life lives online than in a drawer

A generation ago, the people sorting out someone's affairs started with a desk: a folder of bank statements, a box of photographs, a will in an envelope, a notebook of addresses. Today much of that desk has moved online. Statements arrive by email. Photographs sit in cloud storage. Bills are paid from accounts whose only visible trace is a login. The notebook of addresses is a contacts app on a locked phone.

A digital legacy is everything of yours that exists in digital form and that somebody will need to find, use, keep or close when you can no longer do it yourself. It usually includes:

- **Documents**: a scan of your will, insurance policies, property deeds, pension statements, medical directives, tax records.
- **Access**: the passwords, PINs, recovery codes and devices that unlock your accounts.
- **Instructions**: what you want done with each account. Close it, keep it running for a while, download the photos first, memorialize a profile, cancel a subscription.
- **Memories**: photos, videos, letters and messages that matter to the people you love.
- **Money and obligations**: online banking, investment platforms, recurring payments, domain names, anything that keeps charging or holds value.

## Why it matters

The digital part of an estate has a property the paper part never had: it is locked by default. A drawer can be opened by whoever has the key to the house. An account protected by a strong password and two-factor authentication is designed to keep everyone out, including the people you would most want to let in. That protection is exactly right while you are alive and well. It becomes an obstacle after your death, or when you are seriously ill and cannot manage your own affairs.

Without a plan, the people close to you usually face some mix of these problems:

- They do not know which accounts exist, so some are never found. Subscriptions keep charging, and valuable or sentimental content disappears when an inactive account is eventually closed.
- They know an account exists but cannot get in, and every provider has its own process, paperwork and timeline.
- They can get in, perhaps because a password was written down, but doing so may go against the provider's terms, and they still do not know what you would have wanted.
- Everyone gets everything or nobody gets anything, because the only thing you ever shared was a single master password.

None of this is anybody's fault. It is what happens when the information lives only in one person's head.

## What a good plan looks like

A good digital legacy plan answers three questions for each thing that matters.

1. **What is it, and where is it?** An inventory. Not of every login you have ever created, but of the accounts that hold money, obligations or memories.
2. **Who should get it?** Not everyone needs everything. Your partner might need the household accounts, your sister the family photos, your executor the documents that show what you owned.
3. **When should they get it?** Usually after your death, sometimes if you are incapacitated, and never before you are ready.

The plan also has to be safe in the meantime. A list of passwords in a desk drawer answers the first question but is a risk for as long as you are alive. A sealed envelope held by a lawyer is safer, but it goes out of date the day you change a password or open a new account.

## Where Heirloom fits

Heirloom is built around those three questions. You keep documents, passwords and account instructions in a vault that is encrypted in your browser before anything is uploaded, so we cannot read it. You then decide, document by document, who receives what and under which condition: you stop checking in and do not answer the reminders, or a recipient asks for access and you do not refuse within a waiting period you set. For the most sensitive material you can also require several trustees to confirm before anything is released.

Until that moment, your recipients cannot see what you have left them. When it happens, they open it in their own browser with their own key, and they can download an export kit so they can still open it later, even if Heirloom no longer exists. The details are on [How it works](/HowItWorks) and [Security](/Security).

## It is not a will

A digital legacy plan works alongside a will, not instead of one. A will decides who is legally entitled to what. A legacy plan makes sure the right people can actually find and reach things, and know what you wanted done. The rules about wills, executors and access to a deceased person's accounts differ from one country to another, so for legal questions please speak to a professional where you live. A useful first step is to keep a copy of your will, and a note of who holds the original, in your vault.

## Start small

You do not have to do it all at once. Pick the three accounts that would cause the most trouble if nobody could reach them, write down what should happen to each, and choose one person to receive those instructions. Then add to it over time.

Our guide to [preparing an account-instructions checklist](/guides/account-instructions-checklist) walks through the common categories, and [choosing your legacy contacts](/articles/choosing-your-legacy-contacts) helps with the question of who. When you are ready to begin, [set up your vault and recovery kit](/guides/set-up-your-vault-and-recovery-kit).`,
  },
  {
    kind: "article",
    slug: "why-emergency-access-is-all-or-nothing",
    title: "Why emergency access in password managers is all-or-nothing",
    summary:
      "Emergency access features are a useful safety net, but they usually hand over a whole vault. Here is why that happens, and why a legacy plan needs per-document release instead.",
    publishedAt: "2025-04-08",
    bodyMarkdown: `## A useful feature with a blunt edge

Many password managers offer some form of emergency access. You name a trusted person, and if they ever request access and you do not reject the request within a waiting period, they get in. It is a thoughtful feature and far better than nothing. But in many implementations the unit it shares is your vault: all of it, either to view or to take over.

For daily life that is fine. For a legacy it is usually the wrong shape.

## Why it ends up all-or-nothing

A password manager is designed around one person, one vault and one master key. Everything inside is encrypted under keys that hang from that master key. The simplest safe way to give someone emergency access is to give them a copy of the key at the top, encrypted so only they can use it and held back until the waiting period has passed. Once they have that key, they can open everything beneath it.

Granting access item by item is a different design. Every item needs its own key, and each of those keys has to be wrapped separately for each person who should receive it. That is more work for the software and more decisions for the user, and it is not what a tool built for quick daily logins is optimized for.

## Why that matters when you plan a legacy

Think about what a vault holds after a few years:

- Banking, pension and investment logins your partner will need.
- Work accounts that should be handed to your employer, not read by your family.
- Private correspondence, journals or medical records you would rather nobody read.
- Accounts for a business you co-own, which your business partner needs and your children do not.
- Things meant as gifts: a letter for each child, a photo archive for a sibling.

With all-or-nothing access you have three choices, and none is good. You give one person everything and trust them to pass the rest along without reading what was not meant for them. You maintain a second, curated vault just for the emergency contact, and keep it in sync for the rest of your life. Or you keep the important things out of the password manager altogether, and you are back to the notebook in the drawer.

There is also a question of timing. Emergency access is usually started by the contact. If that person is the one who would notice that something has happened to you, that works. If not, if you simply stop being around and nobody thinks to ask, nothing happens.

And one trusted person is one point of failure. If they are unreachable, or gone too, the plan stops.

## What per-document release looks like

Heirloom was designed for the legacy case first. Every document and item in your vault has its own encryption key. When you put a document into a legacy scope for a recipient, your browser wraps that document's key to the recipient's public key, and only after you have confirmed, by comparing a fingerprint phrase, that the key really belongs to them. Another recipient gets a different set of wrapped keys. Nobody ever receives a master key.

Each scope has its own recipients and its own trigger:

- **Missed check-in.** You check in on a schedule you choose. If you miss one, reminders go out by email and then by text, each with a one-click "I'm still here" link. Only after a grace period does anything get released.
- **A recipient's request.** A recipient asks for access, you are notified, and if you do not refuse within the waiting period you set, the scope is released.
- **Trustee confirmation.** Optionally, a number of trustees you name, for example two of three, must confirm before a release goes ahead.

So your partner can receive the household accounts after missed check-ins, your business partner can request the company documents with a longer waiting period, and the letters to your children can sit in their own scope with trustee confirmation. Each person receives exactly what you chose for them and nothing else.

## What the server can and cannot do

Whatever the design, a service that stores your encrypted data should not be able to read it. Heirloom's server holds only encrypted documents and wrapped keys. At release it hands a recipient the keys wrapped for them, and their browser unwraps those keys with their own private key. The server can hold a release back or let it go, but it can never open what it is releasing. Because a compromised server could in principle release early, trustee confirmation is available for the documents where that would matter most. More on this on [Security](/Security).

## Should you stop using your password manager?

No. A good password manager is the right tool for daily logins, and its emergency access is a reasonable safety net. The point is that daily access and legacy access are different jobs. For a legacy you rarely need to hand over every password. You need to give the right people the few credentials, documents and instructions that let them do what you would want, and keep everything else private.

Our [account-instructions checklist](/guides/account-instructions-checklist) helps you work out what those few things are, and [create a legacy scope](/guides/create-a-legacy-scope) shows how to give them to the right person.`,
  },
  {
    kind: "article",
    slug: "what-happens-to-online-accounts-when-someone-dies",
    title: "What happens to online accounts when someone dies",
    summary:
      "Email, banking, social media, subscriptions and devices each follow their own rules after a death. A general overview of the common patterns, and what you can prepare now.",
    publishedAt: "2025-06-17",
    bodyMarkdown: `## Every provider has its own rules

There is no single process. Each service decides, in its terms and support pages, what happens to an account when its owner dies, and the law where the person lived, and where the provider operates, shapes what is possible. What follows is a general picture of common patterns, not legal advice. For a particular estate, talk to a lawyer, notary or estate professional in the relevant country.

## Common patterns by kind of account

**Email.** Often the most important account of all, because it is the key to everything else: password resets, statements, bills, and the record of which services existed. Providers generally do not hand over passwords. Some let account holders choose in advance who receives some data if the account becomes inactive. Others consider requests from next of kin or an executor with documentation, and some close inactive accounts after a period. If an email account is closed before anyone looks through it, the trail to many other accounts can go with it.

**Banks and financial accounts.** Banks are usually told about a death through a formal process, often involving a death certificate and proof that the person asking has authority to deal with the estate. Accounts are typically frozen and then handled as part of the estate. Online banking access matters less here than simply knowing which institutions hold accounts, which is exactly what families often do not know.

**Social media.** Many platforms offer a choice between deleting a profile and turning it into a memorial that friends can still visit, sometimes looked after by a person chosen in advance. Some require proof of death and of the requester's relationship to the person; some let account holders record a preference beforehand.

**Cloud storage and photos.** Files can be lost when an account is closed for inactivity or when a paid plan stops being paid. Some services have legacy or inactive-account settings; many rely on a formal request from the family.

**Subscriptions and recurring payments.** Streaming, software, memberships, domain names, hosting: these keep charging a card or account until someone cancels them or the payment method stops working. A domain name or website can lapse and be lost if nobody renews it.

**Devices.** Phones, computers and tablets are usually encrypted and locked with a passcode, and without that passcode the manufacturer generally cannot unlock them. A locked phone often also holds the second factor for many other accounts, so it can lock people out of everything else.

**Money held online.** Payment apps, online wallets and investment platforms each have their own processes. Where an asset is protected only by a private key or recovery phrase, nobody, not even the provider, may be able to recover it without that secret.

## Why "just log in as them" is not a plan

It is tempting to leave a list of passwords so someone can sign in as you. It sometimes works, but it has real problems:

- Signing in as someone else may break the provider's terms, and in some places accessing another person's account without authorization can be a legal problem, even with the best intentions.
- Two-factor authentication may stop them anyway, if the codes go to a phone nobody can unlock.
- A list of passwords is out of date within months, and it is a risk for as long as it exists.
- It says nothing about what you actually wanted done.

What usually helps most is not the passwords themselves. It is a list of which accounts exist, what you want done with each, where the documents are that show who is entitled to act, and, where a provider allows it, the settings you chose in advance. Credentials for the few things that truly need them, such as a device passcode or the home network, can sit in the same place.

## What you can do now

1. **Use providers' own legacy settings** where they exist. They are the route a provider recognizes most readily.
2. **Write down what exists.** An inventory of accounts that hold money, obligations or memories, with the provider and the username, is the single most useful thing you can leave.
3. **Write down what you want.** Close, keep, download, memorialize or transfer, account by account.
4. **Keep key documents reachable.** Your will, insurance, pension and property papers, and the name of your executor or lawyer.
5. **Decide who gets what.** Not everyone needs everything.
6. **Keep it current.** Review it when your life or your accounts change.

Heirloom is designed for steps 2 to 6. Your inventory, instructions and documents are encrypted in your browser and released only to the people you choose, under the conditions you set. Our [account-instructions checklist](/guides/account-instructions-checklist) goes through each category, and [what a digital legacy is](/articles/what-is-a-digital-legacy) gives the broader picture.

## If you are dealing with this right now

If someone close to you has died, start with the essentials: the death certificate, the will if there is one, and who the executor or administrator is. Then look for the email account and the phone, because together they lead to most other accounts. Contact providers through their official bereavement or deceased-user processes, keep a simple log of whom you contacted and when, and cancel recurring payments as you find them. Apart from anything that keeps charging or has a deadline, much of this can wait until you are ready.

If you have been named as a recipient in someone's Heirloom vault, read [what to do when you are named as a recipient](/guides/when-you-are-named-as-a-recipient).`,
  },
  {
    kind: "article",
    slug: "how-end-to-end-encryption-protects-your-vault",
    title: "How end-to-end encryption protects your vault, in plain words",
    summary:
      "Your documents are locked in your browser before they reach us, with keys we never hold. What that means, how a recipient can still open what you leave them, and what encryption cannot do.",
    publishedAt: "2025-09-02",
    bodyMarkdown: `## The short version

Your documents are locked in your browser before they leave your device, with keys that only you hold, and later the people you choose. We store locked boxes we cannot open. That is what "zero-knowledge" means here: we know that you have a vault and roughly how much space it uses, but not what is inside it.

## Your password never leaves your device

When you set up your vault you choose a vault password. Your browser feeds it through Argon2id, a function that is deliberately slow and memory-hungry, to produce your vault key. A fraction of a second is nothing to you, but it makes trying millions of guesses very expensive for an attacker.

From the vault key your browser derives a separate sign-in key, and only that is sent to us. We store a hash of the sign-in key, which lets us check that it is you, but we never receive your password or your vault key, and we cannot work backwards to either.

## A key for every document

Each document or item in your vault gets its own random key. Your browser encrypts the document with it using AES-256-GCM, a widely used standard that both hides the content and detects tampering. Large files are split into chunks, and each chunk is sealed so that chunks cannot be reordered, dropped, or mixed with another file's. The file name, type and size are encrypted too.

That document key is then locked with your account key, and your account key is locked with your vault key. What we store is the encrypted document and its locked key, nothing more.

Why a key per document? Because it lets you give one document to one person without giving them anything else. It is the foundation of a per-document legacy plan.

## How someone else can receive a document

Every Heirloom account has a key pair: a public key that others may see, and a private key that is itself encrypted with that account's vault key, so only its owner can use it. When someone accepts your invitation to be a legacy contact, their public key becomes available to you.

Before your browser uses that key, you confirm it. You and your contact each look at a short fingerprint phrase derived from their public key and compare the two over a channel you trust, in person or on a call. If the phrases match, you know the key really is theirs and was not swapped along the way. The guide [add a legacy contact](/guides/add-a-legacy-contact) shows how.

When you then put a document into a scope for that person, your browser locks the document's key with their public key, using RSA-OAEP with a 4096-bit key. Only their private key can unlock it. We store that locked copy and hold it back.

## What happens at release

When the condition you chose is met, whether missed check-ins followed by a grace period, or a recipient's request you did not refuse, plus trustee confirmations if you asked for them, our server gives the recipient the locked keys for that scope. Their browser unlocks them with their private key and decrypts the documents. Your browser also signed each document's description when you stored it, so the recipient's browser can reject a document that did not come from you.

Notice what the server does at that step: it releases or withholds. It cannot read, because it never had a key that opens anything.

## What encryption does not protect against

Being clear about limits is part of security.

- **If you lose both your password and your recovery kit, we cannot get your data back.** There is no back door, for anyone, including us. Keep your recovery kit safe; see [set up your vault and recovery kit](/guides/set-up-your-vault-and-recovery-kit).
- **A compromised device can see what you see.** Malware on your computer can read your vault once you have unlocked it. Keep your system and browser up to date.
- **A compromised server could release early.** It still could not read your documents, but it could hand wrapped keys to a recipient before your condition is met. For documents where that would matter, require trustee confirmations.
- **Some information is visible to us.** We know your email address, when you sign in, how many documents you store and roughly how large each is, and who your legacy contacts are, because we need these things to run the service.
- **Recipients are people.** Once something has been released to them, what they do with it is up to them.

## Keys stay in your browser

While you are signed in, keys are held in your browser's memory, not on our servers and not in long-term browser storage. What must survive a page reload is kept only for that tab's session, and signing out, or staying idle too long, clears it. All the cryptography uses your browser's built-in WebCrypto, plus a WebAssembly build of Argon2id; the [tester](/tester) page checks that your browser supports both.

For the full technical description, including the key hierarchy and our threat model, see [Security](/Security).`,
  },
  {
    kind: "article",
    slug: "choosing-your-legacy-contacts",
    title: "Choosing the right legacy contacts",
    summary:
      "The people you name matter more than any setting. How to think about trust, reliability and backups, and how to give different people different parts of your vault.",
    publishedAt: "2025-11-18",
    bodyMarkdown: `## Who, for what, and under which condition

A legacy contact is someone who may receive part of your vault. In Heirloom you invite them by email, they accept (creating a free account if they do not have one), and you confirm them by comparing a fingerprint phrase. Only after that can anything be prepared for them. Choosing them well is the most important decision in your plan, more important than any interval or waiting period.

A person can play two roles in a plan:

- **Recipient**: receives specific documents and items when a scope is released. On a scope with a request trigger, a recipient can also ask for access, and receives it if you do not refuse within the waiting period.
- **Trustee**: one of several people who must confirm before a release goes ahead, if you choose to require that.

One person can play both roles, and each scope can have different people.

## Qualities that matter

**Trust, for the specific thing.** Trust is not a single quantity. Someone can be entirely trustworthy with your photos and the wrong person for your finances, or the other way round. Ask yourself: would I be comfortable with this person reading this, and acting on it?

**Reliability.** Your recipients need to keep their Heirloom account, remember their password, and keep their own recovery kit. What you leave them is locked to their key, so a recipient who permanently loses access to their account before a release cannot open it, and after your death nobody can confirm a new key for them.

**Reachability.** They should read the email address you invite, and keep it. If they change it, they should update their account.

**Capability.** Some instructions need someone organized and calm: cancelling subscriptions, dealing with banks, renewing a domain. Others need someone who knows the people involved and can handle a delicate conversation.

**A spread of ages and places.** If everyone you name is of your own generation, or lives in your household, one event can leave the plan with nobody. Consider a mix, and always name a backup for anything important.

**Your executor.** If you have a will, your executor may have legal responsibilities for your estate. It often makes sense for them to receive the documents they will need, or at least to know who does. A lawyer where you live can advise on the legal side.

## Give different people different things

Because every document has its own key, you can divide your vault along whatever lines make sense for your life. For example:

| What | Who might receive it | A trigger to consider |
|---|---|---|
| Household accounts, bills, insurance | Partner | Missed check-in with a short grace period |
| Will, property and pension documents | Executor | Missed check-in, or a request with a waiting period |
| Family photos and letters | Children, siblings | Missed check-in |
| Business documents | Business partner | A request with a longer waiting period |
| Medical wishes | The person you have asked to speak for you | A request with a short waiting period |

These are illustrations, not recommendations; your own situation decides.

## Backups and trustees

Name more than one person for anything important. People move, change email addresses, lose their phones, and sometimes die first. A plan that depends on a single person fails when that person is unavailable.

Trustees add a different kind of protection: they confirm that a release should go ahead. A rule like "two of three trustees" means that no single person, and not our server on its own, can cause a release. Good trustees would know if something had happened to you, are unlikely to be affected by the same event, and would act without delay. They do not have to be recipients.

## Talk before you invite

Before you send an invitation, talk to the person:

- That you are asking them, and why them.
- What they will be asked to do: accept the invitation, keep their account and recovery kit, and compare a fingerprint phrase with you.
- Roughly what they will receive and what you hope they will do with it. You do not have to share the contents; they cannot see anything before a release anyway.
- Whether they may request access, and in what circumstances you would expect them to.

[Talking to your family about your plans](/articles/talking-to-your-family-about-your-plans) has suggestions for these conversations, and [add a legacy contact](/guides/add-a-legacy-contact) walks through the invitation and confirmation.

## Review your choices

Relationships change. Look again at your contacts when you marry, separate, have children, move, or lose someone close. When you remove someone from a scope, they no longer receive it. See [keeping your legacy plan up to date](/articles/keeping-your-legacy-plan-up-to-date).`,
  },
  {
    kind: "article",
    slug: "talking-to-your-family-about-your-plans",
    title: "Talking to your family about your plans",
    summary:
      "The encryption does not need a conversation, but the people you leave things to do. When to raise it, what to say, and how to handle the awkward parts.",
    publishedAt: "2026-02-03",
    bodyMarkdown: `## Why talk about it at all

You could set up a legacy plan without telling anyone. The encryption does not need a conversation. But the people who receive your plan will open it at one of the hardest moments of their lives, and what helps most then is not a perfectly organized vault but knowing what to expect. A short conversation now can save them confusion, arguments and guesswork later.

There is also a practical reason. Your legacy contacts have to accept an invitation and compare a fingerprint phrase with you, so they will know something is going on. It is better that they hear about it from you first.

## Pick the moment

There is rarely a perfect time. Some natural openings:

- After writing or updating a will, or buying a home.
- When someone you know has just been through sorting out a relative's affairs.
- A significant birthday, retirement, or a new baby in the family.
- Before a long trip or a planned operation.

You can present it as housekeeping rather than drama: "I've been getting my paperwork in order, and there's something I'd like your help with."

## What to say

You do not need to cover everything. A few points are enough:

1. **What you have done.** "I keep my important documents and instructions in an encrypted vault, and I've set it up so that some of it comes to you if something happens to me."
2. **What you are asking of them.** Accept the invitation from Heirloom, create an account if they do not have one, keep their password and their own recovery kit safe, and compare a short phrase with you so you both know the invitation reached the right person.
3. **When it would reach them.** For example: "If I stop checking in and don't answer the reminders" or "If you ask for it and I don't say no within two weeks."
4. **What kind of thing they will find.** Not necessarily the contents, just the kind: "the details of our joint accounts and what to do about my pension," or "letters I've written for each of you."
5. **What you would like them to do with it.** Especially where other people are involved: "There's a list of who should have which photos."

## Handle the hard parts

**Some people will not want to talk about it.** That is normal. Keep it short and come back another time. Some people find writing easier than talking; a letter in your vault can say what is hard to say out loud.

**Some people get more than others.** If you give different things to different people, expect questions. You do not owe anyone a list of what the others receive, but explaining your reasons, such as "your brother is handling the business side, so he gets those papers," can prevent hurt later. Where there is real potential for conflict, decisions about who is entitled to what belong in a will drafted with a professional; the vault makes sure the information reaches the right people.

**Private things.** Some of what you keep may be private. Because every document has its own key, you never have to hand anyone a master key, and a document you have not put in any scope is released to nobody.

**Worry about the technology.** Reassure them that they will not need to be technical. When something is released, they get an email, sign in, and open it in their browser. They can also download an export kit so they can still open what you left them even if Heirloom ever stopped operating. Our guide [what to do when you are named as a recipient](/guides/when-you-are-named-as-a-recipient) is written for them; send them the link.

## Agree on the practical details

- Make sure they know your vault is with Heirloom, so an email from us does not look like spam.
- Check that the email address you invite is one they will keep.
- Compare the fingerprint phrase together, in person or on a call, rather than by replying to an email. The point of the comparison is to use a channel that does not pass through us.
- If they will be trustees, explain that they may be asked to confirm a release, and that they should only confirm if they know something has happened to you.
- If a recipient may request access, agree on what would be a reasonable reason to do so, and tell them you may refuse if the request comes while you are fine.

## Children and younger relatives

For younger people, the conversation can be simpler: that you have put some things aside for them, and that a trusted adult knows how they will receive them. You can leave letters or photos for them in a scope whose recipient is a parent or guardian, with a note saying when and how you would like them passed on.

## Keep talking

A plan that was explained once, years ago, can still confuse people. When you change something significant, such as a new recipient, a different trigger, or a new scope, a short message is enough: "I've updated my plan; you'll now also receive the house documents." See [keeping your legacy plan up to date](/articles/keeping-your-legacy-plan-up-to-date), and for choosing the people in the first place, [choosing the right legacy contacts](/articles/choosing-your-legacy-contacts).`,
  },
  {
    kind: "article",
    slug: "keeping-your-legacy-plan-up-to-date",
    title: "Keeping your legacy plan up to date",
    summary:
      "Nothing breaks when a plan goes stale; it just quietly stops being right. A yearly review checklist, the life events that call for an earlier one, and habits that keep check-ins painless.",
    publishedAt: "2026-05-12",
    bodyMarkdown: `## A plan ages quietly

Nothing breaks when a legacy plan goes out of date. The vault stays encrypted, the check-ins keep running, and everything looks fine until the day it is needed and the instructions describe a bank you left three years ago. Keeping a plan current is mostly a matter of small, regular checks.

## A yearly review

Pick a date you will remember, such as a birthday, the new year, or when you do your taxes, and go through a short list:

1. **Documents.** Are the important ones the latest versions? Replace an old insurance policy or an outdated will scan with the current one, and remove documents that no longer apply.
2. **Account instructions.** Go through your inventory. Any new accounts that hold money or memories? Any you have closed? Has a provider changed how it handles the accounts of people who have died?
3. **Credentials you have chosen to leave.** If an item holds a device passcode or a household password, check it still works.
4. **Scopes.** Read each scope's list of documents and recipients as if you were the recipient. Would it make sense to them without you there to explain?
5. **Contacts.** Are their email addresses still right? Are they still the right people?
6. **Triggers.** Does the check-in interval still suit how you live? Is the grace period long enough to cover your longest likely absence? Are request waiting periods long enough for you to notice and refuse?
7. **Your own access.** Do you know where your recovery kit is? Is two-factor authentication on, and are your backup codes somewhere safe?
8. **Reminder channels.** Is your mobile number current, so reminders can move from email to text?

## Life events that call for an earlier review

Some changes should not wait for the yearly date:

- Marriage, a new partner, separation or divorce.
- A birth or adoption, or a child reaching adulthood.
- The death or serious illness of one of your contacts or trustees.
- Moving to another country. The rules on estates and accounts may differ, and local professional advice is worth getting.
- A new job, a new business, or retirement.
- A serious diagnosis or a planned stay in hospital.
- A new email address or phone number, yours or a contact's.

## When a contact's key changes

Your browser wraps document keys to a contact's public key only after you have compared their fingerprint phrase. If a contact's key changes, for example because they lost access to their account without their recovery kit and had to start again, Heirloom asks you to confirm the new key, and nothing is prepared for the new key until you do. Because what you left them was locked to the old key, deal with this promptly: compare the new phrase in person or on a call, then check that their scopes still hold what they should.

This is also a good reason to remind your contacts, once in a while, to keep their own recovery kit safe.

## Check-in habits

A missed check-in trigger works as intended only if checking in is painless. When a check-in is due, reminders come by email and then by text, each with a one-click "I'm still here" link that does not need you to sign in.

- **Going away.** If you will be somewhere without connectivity for a long time, check in just before you leave, and consider lengthening the interval or grace period while you are away.
- **Going into hospital.** Think about whether your grace period would cover a long stay. For some documents, a recipient's request with a waiting period you can refuse suits better than a short check-in schedule.
- **Unexpected requests.** If a recipient's request arrives while you are fine, refuse it. That is exactly what the waiting period is for.

## When you change your password

Changing your vault password is quick. Your browser re-encrypts two small keys with the new password, and no document has to be re-uploaded. Your recovery kit stays valid, so you do not need to print a new one. What you must not do is forget the new password and lose the recovery kit as well: without one or the other, nobody can open your vault.

## Tell people what changed

When you add someone, change a trigger, or reorganize your scopes, tell the people affected in a sentence or two. They do not need the details; they need to know what to expect. See [talking to your family about your plans](/articles/talking-to-your-family-about-your-plans).

## Keep the rest in step

If you update your will or other legal arrangements, update the copies and instructions in your vault at the same time, and the other way round. Your vault does not override a will or a provider's own process, and contradictory instructions in different places cause trouble. If you are unsure how they fit together where you live, ask a local professional.

For the mechanics of scopes and triggers, see [create a legacy scope](/guides/create-a-legacy-scope).`,
  },
  {
    kind: "guide",
    slug: "set-up-your-vault-and-recovery-kit",
    title: "Set up your vault and recovery kit",
    summary:
      "Create your account, choose a vault password, store your recovery kit safely and add your first documents. About fifteen minutes.",
    publishedAt: "2025-01-21",
    bodyMarkdown: `This guide takes about fifteen minutes. You need a current browser and a way to print, or otherwise safely keep, one page.

## 1. Check your browser

Open the [tester](/tester) page. It checks that your browser supports WebCrypto and WebAssembly, which Heirloom uses to encrypt everything on your device before it is uploaded. Current versions of the mainstream browsers pass. If yours does not, update it or try another browser.

## 2. Create your account

Sign up with your email address, or with a Google, Apple, Microsoft or GitHub account. If you use email, confirm your address from the message we send you.

## 3. Choose your vault password

This password protects everything in your vault. Your browser turns it into your vault key, and we never receive it: not when you set it, and not when you sign in.

- Make it long and unique. A passphrase of several unrelated words is easier to remember and harder to guess than a short, complicated password.
- Do not reuse a password from another site.
- If you use a password manager for daily logins, store it there as well.

If you signed up with Google, Apple, Microsoft or GitHub, you still choose a vault password. The social sign-in tells us who you are; it cannot decrypt anything, because we never hold a key that could.

## 4. Save your recovery kit

Right after you set your password, Heirloom shows your recovery kit. It contains a recovery key that opens your vault a second way if you ever forget your password. It is shown only once, and we cannot show it again or use it for you. If you lose both your password and your recovery kit, nobody can recover your data, including us.

1. Print the kit, or save it to a storage device you will keep somewhere safe.
2. Store it where you keep your passport or other important papers.

Some things to avoid:

- **Do not keep it only inside Heirloom.** You would need your vault to read it.
- **Do not email it to yourself** or keep it in an online notes app.
- **Do not hand it to your legacy contacts.** It would give them your whole vault, at any time. Your legacy plan is how they receive what you choose, when you choose.

## 5. Turn on two-factor authentication

In your security settings, set up two-factor authentication with an authenticator app (TOTP): scan the code, then enter the six-digit code to confirm. Save the backup codes in a safe place, separate from your recovery kit. Two-factor protects your sign-in; your recovery kit protects your data. You want both.

## 6. Add your first documents

Upload the documents your family would need first: a copy of your will and a note of where the original is, insurance policies, pension and property papers. Each file is encrypted in your browser with its own key before upload, and its name, type and size are encrypted too. Large files are sent in chunks, so an interrupted upload can carry on where it stopped.

The free tier holds up to 1 GiB and 200 documents; premium holds up to 100 GiB.

## 7. Add passwords and account instructions

Alongside documents you can keep passwords and written instructions: which accounts exist, what should happen to each, and who should do it. The [account-instructions checklist](/guides/account-instructions-checklist) goes through email, banking, social media, subscriptions and devices.

## 8. Lock your vault when you are done

Your keys live in the browser tab while you are signed in. Signing out clears them, and so does staying idle for too long. On a shared or public computer, always sign out.

## Next steps

Your vault is ready, but nobody can receive anything from it yet. Next:

1. [Add a legacy contact and confirm their fingerprint phrase](/guides/add-a-legacy-contact).
2. [Create a legacy scope with a check-in schedule](/guides/create-a-legacy-scope).

To understand what happens to your data along the way, read [how end-to-end encryption protects your vault](/articles/how-end-to-end-encryption-protects-your-vault).`,
  },
  {
    kind: "guide",
    slug: "add-a-legacy-contact",
    title: "Add a legacy contact and confirm their fingerprint phrase",
    summary:
      "Invite someone by email, wait for them to accept, then compare a fingerprint phrase with them so your browser can safely prepare documents for them.",
    publishedAt: "2025-03-04",
    bodyMarkdown: `A legacy contact is someone who can receive part of your vault. Adding one has three parts: you invite them, they accept, and you confirm them by comparing a fingerprint phrase. Until you confirm, nothing can be prepared for them.

## Before you start

- Talk to the person first, so the invitation does not come as a surprise. [Choosing the right legacy contacts](/articles/choosing-your-legacy-contacts) can help you decide whom to ask.
- Use an email address they read and will keep.
- Plan a moment to speak to them in person or by phone or video call for step 4.

## 1. Send the invitation

Sign in, open your legacy settings and choose to add a legacy contact. Enter their name and email address and send the invitation. Heirloom emails them a link.

## 2. They accept

Your contact follows the link and signs in, or creates an account if they do not have one. An account on the free tier is enough to be a legacy contact.

Creating an account gives them a key pair. Their public key is what your browser will use to prepare documents for them; their private key is encrypted with their own vault password, and only they can use it. They also receive their own recovery kit. Ask them to keep it safe: if they lose both their password and their recovery kit, they can no longer open anything prepared for them.

When they have accepted, your legacy settings show that they are waiting for your confirmation.

## 3. Understand what you are checking

The fingerprint phrase is a short sequence of words derived from your contact's public key. You see the phrase for the key Heirloom gives you; your contact sees the phrase for the key their own account holds. If the two match, the key you are about to use really belongs to them.

This step protects you against a substituted key. If anyone, including a compromised server, tried to slip you a different key, the phrases would not match. That is also why the comparison must happen outside Heirloom: on a call or face to face, not by email or a message sent through the app.

## 4. Compare the phrases together

1. Get in touch with your contact in person or by phone or video call.
2. You open the contact in your legacy settings and display their fingerprint phrase.
3. They open their own account and display their fingerprint phrase.
4. One of you reads the phrase aloud, word by word, while the other checks it against their screen.
5. Every word must match, in the same order.

## 5. Confirm, or stop

- **If the phrases match**, confirm the contact. They are now a confirmed legacy contact.
- **If anything differs**, do not confirm. The most common innocent cause is that they accepted with a different account from the one you expected, for example a second email address. Remove the invitation, agree on the right address, and start again. If the phrases still do not match, do not confirm, and contact us.

## 6. What confirmation does, and does not, do

Confirmation lets your browser wrap document keys to this contact's public key when you add them to a scope. It does not release anything. Your contact still cannot see which documents you have chosen for them, their names, or their contents. That happens only when a scope's trigger is met.

Now add them to a scope: [create a legacy scope with a check-in schedule](/guides/create-a-legacy-scope).

## 7. If their key changes later

If a contact ever has to start over with a new key pair, for example because they lost their password and recovery kit, Heirloom shows that their key has changed and asks you to confirm again. Nothing new is prepared for the new key until you do. Repeat steps 4 and 5 with the new phrase, then check their scopes.

## Tips

- Add at least two contacts for anything important, so your plan does not depend on one person.
- Send your contacts [what to do when you are named as a recipient](/guides/when-you-are-named-as-a-recipient), so they know what to expect.`,
  },
  {
    kind: "guide",
    slug: "create-a-legacy-scope",
    title: "Create a legacy scope with a check-in schedule",
    summary:
      "Group documents for one or more recipients, choose a check-in interval and grace period, set up reminders, and optionally require trustee confirmations.",
    publishedAt: "2025-05-20",
    bodyMarkdown: `A scope is a set of documents and items, with its own recipients and its own trigger. This guide sets up the most common trigger: a missed check-in. You need at least one confirmed legacy contact; if you do not have one yet, start with [add a legacy contact](/guides/add-a-legacy-contact).

## 1. Decide what the scope is for

Make one scope for each combination of "these things, to these people, under this condition". For example:

- Household accounts and insurance, to your partner, after missed check-ins.
- Family photos and letters, to your children, after missed check-ins, with trustee confirmation.

A document that is in no scope is released to nobody.

## 2. Create the scope

Sign in, open your legacy settings and create a new scope. Give it a name that will make sense to you later, such as "Household" or "For the children".

## 3. Choose the documents and items

Select the documents, passwords and account instructions that belong in it. Check each against the question: should every recipient of this scope receive this? If not, it belongs in a different scope.

## 4. Choose the recipients

Add one or more confirmed legacy contacts. Only confirmed contacts can be added, because your browser needs a public key you have checked before it can prepare anything for them.

## 5. Set the check-in interval

The interval is how often you are expected to check in. Heirloom starts from 60 days; choose what fits your life. A shorter interval means a faster release if something happens, and more frequent check-ins for you.

## 6. Set the grace period

The grace period is extra time that begins after the reminders go unanswered. Nothing is released until it has ended. Make it long enough to cover the longest time you might be out of reach: a long trip, a hospital stay.

No release can happen until at least the interval plus the grace period has passed since your last check-in.

## 7. Make sure reminders can reach you

When a check-in is due, Heirloom reminds you by email first and then by text message. Check that your email address is current and add a mobile number in your account so reminders can escalate to text. Every reminder carries a one-click "I'm still here" link that works without signing in.

## 8. Optionally require trustees

For scopes where an early release would be harmful, require trustee confirmations: name several trustees and how many of them must confirm, for example two of three. A release then waits for that many confirmations, so no single person, and not our server on its own, can cause it.

## 9. Save the scope

When you save, your browser wraps each chosen document's key to each recipient's public key and uploads only those wrapped keys. This is why saving happens in your browser and can take a moment for a large scope. Nothing is released and your recipients see nothing.

If you later add documents to the scope, your browser prepares them in the same way.

## 10. Understand the states

| State | What it means | What you can do |
|---|---|---|
| Active | You have checked in recently | Nothing needed |
| Reminding | A check-in is due; reminders by email, then text | Click "I'm still here" |
| Grace | Reminders went unanswered; the grace period is running | Check in to return to active |
| Released | Recipients can open the scope | A release cannot be taken back |

A check-in at any point before release returns the scope to active. Each change of state is logged and notified.

## 11. Check in once to see how it works

Check in from your legacy settings, or from the "I'm still here" link in your first reminder, so you know what it looks like. Add our address to your contacts so reminders do not end up in spam.

## Other triggers

You can also create a scope triggered by a recipient's request: a recipient asks for access, you are notified, and the scope is released only if you do not refuse within the waiting period you set. This suits documents a person might need while you are alive but unable to respond. To handle a request, see [respond to a reminder or an access request](/guides/respond-to-a-reminder-or-request).

Releases never depend on payment: if you stop paying for premium, your plan still works.`,
  },
  {
    kind: "guide",
    slug: "when-you-are-named-as-a-recipient",
    title: "What to do when you are named as a recipient",
    summary:
      "For legacy contacts: accepting the invitation, what you can and cannot see before a release, how to request access, and how to open and keep what was left for you.",
    publishedAt: "2025-08-12",
    bodyMarkdown: `Someone has invited you to be a legacy contact in their Heirloom vault. This means they may leave you documents, passwords or instructions, to be released to you under conditions they have chosen. This guide explains what to do now, and what to do if a release happens.

## 1. Accept the invitation

Follow the link in the invitation email. Sign in if you already have a Heirloom account, or create one; the free tier is enough. Creating an account gives you a key pair. Anything left for you will be locked with your public key, and only your private key, protected by your vault password, can unlock it.

## 2. Save your own recovery kit

When you create your account you get a recovery kit. Keep it somewhere safe, such as with your important papers. This matters more for you than for most people: if you lose both your password and your recovery kit, you can no longer open what was left for you, and after the owner's death nobody can prepare it again for a new key.

## 3. Compare the fingerprint phrase

The owner will get in touch, in person or on a call, to compare a short fingerprint phrase. Open the phrase in your account and read it with them, word by word. If it matches, they confirm you. If it does not, say so; do not guess. This check makes sure what they prepare is locked to your key and nobody else's.

## 4. Know what you can see while you wait

Before a release you cannot see which documents were chosen for you, their names, or their contents. Nobody can, including Heirloom, whose servers hold only encrypted data. In the meantime:

- Keep your account, and sign in now and then so you remember how.
- If you change your email address, update it in your account.
- If you ever have to start over with a new account, tell the owner so they can confirm your new key.

## 5. If you are a trustee

You may be asked to confirm that a release should go ahead. Only confirm if you know that the condition has really happened, for example that the owner has died. If you are unsure, contact the owner or their family first. Your confirmation is one of several required, and it exists so that nobody can trigger a release alone.

## 6. If you need to request access

Some scopes let recipients ask for access. If you need what was left for you, for example because the owner is in hospital and you must deal with their bills, sign in and make a request. The owner is notified and has a waiting period to refuse it. If they refuse, nothing is released. If the waiting period passes without a refusal, and any required trustees confirm, the scope is released to you.

## 7. When something is released

You receive an email. Then:

1. Sign in to your Heirloom account with your own password.
2. Open the items released to you.
3. Your browser unlocks the document keys with your private key and decrypts the documents on your device. Each document was signed by the owner when they stored it, and your browser rejects any document that was not.
4. Read, download or print what you need.

You receive exactly what the owner chose for you, nothing more. You do not receive their password or their whole vault, and other recipients may have received other things.

## 8. Download your export kit

Download the export kit for what was released to you and keep it with your own important files. It lets you open those documents later without Heirloom's servers, even if Heirloom no longer exists. Its format is publicly documented, so it does not depend on us.

## 9. Act on the instructions, at your own pace

Account instructions tell you what the owner wanted: which accounts to close, what to download first, which subscriptions to cancel. A few practical points:

- Anything that keeps charging, or has a deadline, comes first. Most of the rest can wait.
- Use each provider's official process for deceased users. Providers often ask for a death certificate and proof of your authority to act.
- Signing in to someone else's account with their password may go against a provider's terms or local law. The instructions tell you what they wanted; the provider's own process is usually the right way to do it.
- For anything legal or financial, speak to the executor or a professional where the owner lived.

For a general overview, read [what happens to online accounts when someone dies](/articles/what-happens-to-online-accounts-when-someone-dies).

## 10. Look after yourself

Opening a vault after a loss can be hard, especially letters and photos. There is no time limit on reading them. Take them in when you are ready.`,
  },
  {
    kind: "guide",
    slug: "account-instructions-checklist",
    title: "Prepare an account-instructions checklist",
    summary:
      "Work through email, banking, social media, subscriptions and devices, and write down for each what exists, what you want done, and who should do it.",
    publishedAt: "2025-10-14",
    bodyMarkdown: `The most useful thing you can leave is not a list of passwords but a clear answer, account by account, to three questions: what is it, what should happen to it, and who should do it. This guide helps you write those answers. Plan for an hour the first time; you can do it in several sittings.

## 1. Start a template

For each account, note:

| Field | Example |
|---|---|
| Service and what it is for | Main email account; receives all bills |
| Username or email | The address you sign in with |
| How sign-in is protected | Authenticator app on my phone; backup codes in the vault |
| What should happen | Keep open for a year, then close |
| How urgent | Within a week, because it receives bills |
| Who should do it | My partner |
| Documents they will need | Death certificate; executor's authority |

Keep each instruction as a separate item in your vault, so you can put different instructions in different scopes.

## 2. Email first

Email comes first because it leads to everything else: password resets, statements and bills.

1. List each email address you use, including old ones still receiving mail.
2. Say which one is the main one.
3. Check whether your provider has an inactive-account or legacy setting, and set it up.
4. Decide: keep it open for a while so messages can be read and accounts found, or close it.
5. Note anything in it that should be saved first.

## 3. Banks and money

1. List every bank, card, savings, pension, investment and payment account, with the institution's name. Account numbers help; full card numbers and PINs do not belong here.
2. Note which are joint accounts.
3. Note where the documents are: statements, policies, share certificates.
4. Note any money held online that is protected only by a recovery phrase or private key, and where that secret is. Without it, nobody may be able to recover the funds.
5. Say who your financial adviser, accountant or lawyer is, if you have one.

Banks deal with deceased customers through their own formal process. Your instructions help the right people find every account; they do not replace that process.

## 4. Social media

1. List each profile.
2. For each, choose: delete, memorialize, or leave as it is.
3. Check whether the platform lets you choose a legacy setting in advance, and use it.
4. Note anything to download first, such as photos or messages.
5. Say if you would like a final message posted, and by whom.

## 5. Subscriptions and recurring payments

1. Go through a few months of bank and card statements and list everything that recurs: streaming, software, cloud storage, memberships, newspapers, donations, domain names, hosting.
2. For each, choose: cancel, transfer, or keep. Domain names and websites need a decision, or they will lapse.
3. Note which payment method each one uses, so whoever cancels them can confirm the charges have stopped.

## 6. Devices

1. List your phone, computers, tablets, and any smart-home hub or router.
2. Decide whether someone should be able to unlock them. If so, store the passcode as an item in the scope for that person.
3. Say what to do with the data: keep, copy photos first, or wipe.
4. Remember that your phone may hold the second factor for many accounts. Note which accounts use it, and where their backup codes are.

## 7. Everything else

Also consider: utilities and household services, insurance, loyalty programs with balances, online shops with stored credit, cloud photo libraries, a password manager you use daily, and work accounts. Work accounts usually belong to your employer; just say whom to tell.

## 8. Add the credentials that really matter

Only some instructions need a password. Device passcodes, the home network, and the sign-in for a password manager holding the household's daily logins are typical examples. Everything else usually needs only the instruction and the provider's own process.

## 9. Put the instructions into scopes

Each instruction goes to the person who will act on it. Household and subscriptions to your partner; financial accounts and documents to your executor; social media to the friend who will handle it. See [create a legacy scope](/guides/create-a-legacy-scope).

## 10. Review once a year

Accounts come and go. Add a yearly reminder to check the list; [keeping your legacy plan up to date](/articles/keeping-your-legacy-plan-up-to-date) has a full review checklist.

This checklist is general information. Rules about deceased people's accounts and estates differ between countries; for legal questions, speak to a professional where you live.`,
  },
  {
    kind: "guide",
    slug: "respond-to-a-reminder-or-request",
    title: "Respond to a check-in reminder or an access request",
    summary:
      "What to do when Heirloom reminds you to check in, when a recipient asks for access, and how to plan for time away so nothing is released by accident.",
    publishedAt: "2026-07-07",
    bodyMarkdown: `Heirloom only releases a scope after a clear sequence of steps, and you can stop it at every one of them until the release. This guide shows how.

## 1. Recognize a check-in reminder

When a check-in is due on one of your scopes, we send you an email. If you do not respond, reminders continue and escalate to text messages, if you have added a mobile number. Every reminder has a one-click "I'm still here" link.

Add our address to your contacts so reminders do not land in spam, and keep your email address and mobile number current.

## 2. Check in

Use either way:

1. **From a reminder.** Click "I'm still here". It works on any device and does not need you to sign in.
2. **From your account.** Sign in, open your legacy settings and check in.

Checking in returns your scopes to active and starts a new interval. It works at any point before a release, including during the grace period.

## 3. If a recipient requests access

On scopes with a request trigger, a recipient can ask for access. We notify you straight away, and the scope is released only if you do not refuse within the waiting period you set.

1. Read the notification, then sign in to see the request.
2. If you are fine and do not want the scope released, sign in and refuse the request. Nothing is released.
3. If you are happy for them to have it, for example because they need to pay your bills while you are unwell, you can let the waiting period run.

A refused request does not affect your other scopes or your check-ins. Consider talking to the recipient: a request is often a sign that something needs explaining.

## 4. If trustees are required

If the scope requires trustee confirmations, a release also waits for enough of your trustees to confirm. Trustees are a protection against early release, not a replacement for your own response: refuse a request you do not want, and check in when reminded.

## 5. Plan for time away

Before a long trip, a stay in hospital, or any time you may be out of reach:

1. Check in just before you go.
2. Compare your absence with each scope's interval plus grace period. No release can happen until at least that much time has passed since your last check-in.
3. If your absence could be longer, lengthen the interval or grace period before you leave, and shorten it again when you are back.
4. Check request waiting periods too: would you see a request and be able to refuse it in time?
5. If you would like someone to know you are away, tell your trustees.

## 6. If something was released

A release cannot be taken back. Once a recipient's browser has unlocked the keys for a scope, they can open those documents. If a scope was released while you were well:

1. Talk to the recipient. They received only that scope, nothing else.
2. Change anything in it that should no longer be usable, such as passwords the scope contained.
3. Look at why it happened, and adjust the interval, grace period, waiting period or trustee rule.

## 7. Keep reminders working

Every few months, make sure you still receive reminder emails and texts, and that our messages are not being filtered. See [keeping your legacy plan up to date](/articles/keeping-your-legacy-plan-up-to-date).

More about the triggers themselves: [create a legacy scope with a check-in schedule](/guides/create-a-legacy-scope) and [how it works](/HowItWorks).`,
  },
];
