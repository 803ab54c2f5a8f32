"""Notices of turn-based play ("your turn", "time ran out") queued in the database and sent off the move path.

A notice is queued (:func:`.notice_db.enqueue`, one row per channel, unique per account, table,
move and kind, so however many processes queue it, it is one row) and a sender task of each
process takes due rows with a conditional update (:func:`.notice_db.claim_notices`), so one row is
sent by one process. Before a "your turn" notice goes out, the sender checks that it is still that
turn and that no page of the seat is open on any process (:mod:`.notice_db`'s presence rows). A
failed send is tried again after ``retry_seconds``, then twice that, four times... up to
``max_attempts`` tries; a sender that died mid-way leaves its claim to run out, and the row is
sent by whoever takes it next (so at worst a notice goes twice, never zero times).

A notice holds nothing of the game but its name, the table, "your turn" and a link to the table
(no seat key: a person signed in plays their seat from it). E-mails carry an unsubscribe link
with a signed token (:func:`unsubscribe_token`) that turns e-mail off without signing in. Texts come
from the catalogs (``notify.*``) in the language the person set their channels in.
"""

from __future__ import annotations

import asyncio
import base64
import binascii
import hashlib
import hmac
import logging
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any

import httpx

from fathom.i18n import text
from fathom.server import mailer, notice_db, webhooks
from fathom.server.db import Store
from fathom.server.live import LiveTable
from fathom.server.storage import off_loop

log = logging.getLogger("fathom.server")

POLL_SECONDS = 1.0  # the sender looks for due rows this often (and at once when one is queued here)
PARALLEL = {"email": 4, "webhook": 8}  # notices sent at once by one process, per channel
MAX_BACKOFF = 6 * 3600.0
KEEP_SECONDS = 30 * 86400.0  # settled notices are kept this long (the operator's record), then purged


@dataclass(frozen=True)
class NoticeSettings:
    """How this server sends notices (``fathom serve`` options; docs/web.md, "Notifications")."""

    smtp: mailer.SmtpServer | None = None  # --smtp: no e-mail without it
    mail_from: str = ""  # --mail-from
    allow_private_webhooks: bool = False  # --allow-private-webhooks
    retry_seconds: float = 30.0  # --notify-retry-seconds: the first retry's wait, doubled at each one
    max_attempts: int = 8
    base_url: str = ""  # the site's address in links (--public-url, else http://host:port)

    def backoff(self, attempts: int) -> float:
        """The wait before try ``attempts + 1`` once ``attempts`` tries failed."""
        return min(MAX_BACKOFF, self.retry_seconds * 2 ** max(0, attempts - 1))


def unsubscribe_token(secret: bytes, account: str, email: str) -> str:
    """The token of an unsubscribe link: the account, signed together with the address it was sent to
    (a link stops working once the address changes)."""
    name = base64.urlsafe_b64encode(account.encode()).decode().rstrip("=")
    return f"{name}.{_unsubscribe_mac(secret, account, email)}"


def _unsubscribe_mac(secret: bytes, account: str, email: str) -> str:
    return hmac.new(secret, f"fathom-unsubscribe:{account}:{email}".encode(), hashlib.sha256).hexdigest()[:32]


def unsubscribe_account(token: str) -> str | None:
    """The account an unsubscribe token names (not yet checked: see :func:`unsubscribe_ok`)."""
    if not isinstance(token, str) or len(token) > 120 or token.count(".") != 1:
        return None
    name = token.split(".")[0]
    try:
        return base64.urlsafe_b64decode(name + "=" * (-len(name) % 4)).decode()
    except (binascii.Error, UnicodeDecodeError, ValueError):
        return None


def unsubscribe_ok(secret: bytes, token: str, account: str, email: str) -> bool:
    return hmac.compare_digest(token.split(".")[-1], _unsubscribe_mac(secret, account, email))


class LazyClient:
    """The sender's one HTTP client, built at its first webhook (its TLS context costs a tenth of a second
    of CPU at every server start otherwise) and shared by every webhook after it."""

    def __init__(self) -> None:
        self._client: httpx.AsyncClient | None = None

    def get(self) -> httpx.AsyncClient:
        if self._client is None:
            self._client = httpx.AsyncClient(trust_env=False)
        return self._client

    async def aclose(self) -> None:
        if self._client is not None:
            await self._client.aclose()


class Notices:
    """The queue of one server process: what it queues, and its sender task."""

    def __init__(self, store: Store, secret: bytes, settings: NoticeSettings) -> None:
        self.store = store
        self.secret = secret
        self.settings = settings
        self.wake: asyncio.Event | None = None
        self.sent = 0  # notices this process sent (a figure for the operator and the tests)
        # e-mails wait on their server in threads of their own, never in the pool the database calls use
        self.mail_threads = ThreadPoolExecutor(max_workers=PARALLEL["email"], thread_name_prefix="fathom-mail")

    def table_url(self, table_id: str) -> str:
        return f"{self.settings.base_url.rstrip('/')}/t/{table_id}"

    async def queue(self, table: LiveTable, seat: int, move_number: int, kind: str) -> None:
        """Queue ``kind`` (``turn``, ``timeout``) of turn ``move_number`` for the account in ``seat``, on
        each channel it has set; nothing for a seat no account holds."""
        account = table.rec.seats[seat].get("account")
        if not account:
            return
        prefs = await off_loop(notice_db.prefs, self.store, account)
        channels = [name for name, target in (("email", prefs.email if self.settings.smtp else None),
                                              ("webhook", prefs.webhook)) if target]
        if channels and await off_loop(notice_db.enqueue, self.store, account, table.id, seat, table.rec.game,
                                       move_number, kind, channels):
            if self.wake is not None:
                self.wake.set()

    async def run(self) -> None:
        """Forever: send what is due, up to ``PARALLEL`` notices of each channel at once (e-mails in threads
        of their own: a mail server that hangs holds up neither webhooks nor the database calls of moves),
        then wait for a new row here, a send that finished, or the next poll."""
        self.wake = asyncio.Event()
        wake = self.wake
        purged = float("-inf")  # at once, then hourly
        sending: dict[str, set[asyncio.Task]] = {channel: set() for channel in PARALLEL}
        loop = asyncio.get_running_loop()

        def done(task: asyncio.Task) -> None:
            for tasks in sending.values():
                tasks.discard(task)
            wake.set()

        client = LazyClient()  # made at the first webhook: a server that sends none never builds its TLS context
        try:
            while True:
                wake.clear()
                try:
                    if time.monotonic() - purged > 3600:
                        purged = time.monotonic()
                        await off_loop(notice_db.purge, self.store, time.time() - KEEP_SECONDS)
                    for channel, most in PARALLEL.items():
                        room = most - len(sending[channel])
                        if room <= 0:
                            continue
                        for notice in await off_loop(notice_db.claim_notices, self.store, room, channel):
                            task = loop.create_task(self._guarded(notice, client))
                            sending[channel].add(task)
                            task.add_done_callback(done)
                except asyncio.CancelledError:
                    raise
                except Exception:  # noqa: BLE001 - the database restarting must not end the sender
                    log.exception("the notice sender failed; trying again")
                try:
                    await asyncio.wait_for(wake.wait(), POLL_SECONDS)
                except TimeoutError:
                    pass
        finally:
            for tasks in sending.values():
                for task in list(tasks):
                    task.cancel()
            self.mail_threads.shutdown(wait=False, cancel_futures=True)
            await client.aclose()

    async def _guarded(self, notice: notice_db.Notice, client: LazyClient) -> None:
        try:
            await self._one(notice, client)
        except asyncio.CancelledError:
            raise
        except Exception:  # noqa: BLE001 - its claim runs out and another try takes it
            log.exception("notice %s could not be settled", notice.id)

    async def _one(self, notice: notice_db.Notice, client: LazyClient) -> None:
        reason = await off_loop(self._stale, notice)
        if reason:
            await off_loop(notice_db.settle_notice, self.store, notice.id, "dropped", reason)
            return
        prefs = await off_loop(notice_db.prefs, self.store, notice.account)
        try:
            if notice.channel == "email":
                if not prefs.email or self.settings.smtp is None:
                    await off_loop(notice_db.settle_notice, self.store, notice.id, "dropped", "e-mail turned off")
                    return
                msg = self.email(notice, prefs.email, prefs.lang)
                await asyncio.get_running_loop().run_in_executor(self.mail_threads, mailer.send,
                                                                 self.settings.smtp, msg)
            else:
                if not prefs.webhook:
                    await off_loop(notice_db.settle_notice, self.store, notice.id, "dropped", "no webhook")
                    return
                status = await webhooks.post(prefs.webhook, self.payload(notice, prefs.lang),
                                             self.settings.allow_private_webhooks, client.get())
                if not 200 <= status < 300:
                    raise RuntimeError(f"the webhook answered {status}")
        except Exception as exc:  # noqa: BLE001 - any failure is retried later, with the reason kept
            tries = notice.attempts + 1
            reason = f"{type(exc).__name__}: {exc}"[:500]
            if tries >= self.settings.max_attempts:
                log.warning("notice %s (%s) failed %d times; given up: %s", notice.id, notice.channel, tries, reason)
                await off_loop(notice_db.settle_notice, self.store, notice.id, "failed", reason)
            else:
                wait = self.settings.backoff(tries)
                log.info("notice %s (%s) failed (%s); next try in %.0f s", notice.id, notice.channel, reason, wait)
                await off_loop(notice_db.settle_notice, self.store, notice.id, "queued", reason, time.time() + wait)
            return
        self.sent += 1
        await off_loop(notice_db.settle_notice, self.store, notice.id, "sent")

    def _stale(self, notice: notice_db.Notice) -> str:
        """Why a "your turn" notice is no longer due ("" if it is): the turn has passed, or a page of
        the seat is open (on any process)."""
        if notice.kind != "turn":
            return ""
        turn = notice_db.current_turn(self.store, notice.table_id)
        if turn is None or turn[:2] != (notice.move_number, notice.seat) or turn[2] == "done":
            return "the turn is over"
        if notice_db.present(self.store, notice.table_id, notice.seat):
            return "a page of the seat is open"
        return ""

    def _words(self, notice: notice_db.Notice, lang: str) -> dict[str, Any]:
        return {"game": text(lang, f"game.{notice.game}"), "table": notice.table_id,
                "url": self.table_url(notice.table_id), "move": notice.move_number}

    def payload(self, notice: notice_db.Notice, lang: str) -> dict[str, Any]:
        """A webhook's JSON: what and where, never anything of the game's position."""
        words = self._words(notice, lang)
        return {"table": notice.table_id, "game": notice.game, "url": words["url"],
                "move_number": notice.move_number, "kind": notice.kind,
                "text": text(lang, f"notify.{notice.kind}.subject", **words)}

    def email(self, notice: notice_db.Notice, to: str, lang: str) -> Any:
        words = self._words(notice, lang)
        unsubscribe = (f"{self.settings.base_url.rstrip('/')}/unsubscribe/"
                       f"{unsubscribe_token(self.secret, notice.account, to)}")
        body = (text(lang, f"notify.{notice.kind}.body", **words) + "\n\n"
                + text(lang, "notify.unsubscribe", url=unsubscribe) + "\n")
        return mailer.message(self.settings.mail_from, to, text(lang, f"notify.{notice.kind}.subject", **words),
                              body, unsubscribe)
