"""Python's own imaplib and poplib against the mail access, one step per call; prints JSON.

Usage: python3 clients.py <step> <host> <port> <user> <password> [args...]
Bodies are printed as latin-1 strings, so the caller compares them byte for byte.
"""
import imaplib
import json
import poplib
import ssl
import sys

step, host, port, user, password, *rest = sys.argv[1:]
port = int(port)
out = {}


def imap():
    c = imaplib.IMAP4(host, port)
    c.login(user, password)
    return c


if step == 'pop3':
    p = poplib.POP3(host, port)
    p.user(user)
    p.pass_(password)
    count, size = p.stat()
    out['stat'] = [count, size]
    out['uidl'] = [u.decode() for u in p.uidl()[1]]
    lines = p.retr(1)[1]
    out['retr'] = b'\r\n'.join(lines).decode('latin-1') + '\r\n'
    out['top'] = b'\r\n'.join(p.top(1, 0)[1]).decode('latin-1')
    if rest and rest[0] == 'dele':
        p.dele(1)
    p.quit()
elif step == 'imap-login':
    try:
        imap()
        out['ok'] = True
    except imaplib.IMAP4.error as err:
        out['ok'] = False
        out['error'] = str(err)
elif step == 'pop3-login':
    p = poplib.POP3(host, port)
    try:
        p.user(user)
        p.pass_(password)
        out['ok'] = True
    except poplib.error_proto as err:
        out['ok'] = False
        out['error'] = str(err)
elif step == 'imap':
    folder = rest[0]
    c = imap()
    out['list'] = [x.decode() for x in c.list()[1]]
    typ, data = c.select(f'"{folder}"')
    out['exists'] = int(data[0])
    typ, data = c.fetch('1:*', '(UID FLAGS RFC822.SIZE)')
    out['flags_before'] = [x.decode() for x in data]
    typ, data = c.uid('SEARCH', None, 'UNSEEN')
    out['unseen'] = data[0].decode().split()
    typ, data = c.fetch('1', '(BODY.PEEK[] ENVELOPE BODYSTRUCTURE)')
    out['peek'] = data[0][1].decode('latin-1')
    out['peek_meta'] = ''.join((x[0] if isinstance(x, tuple) else x).decode('latin-1') for x in data)
    typ, data = c.fetch('1', '(BODY[HEADER.FIELDS (SUBJECT)] BODY[]<0.10>)')
    out['partial'] = [x[1].decode('latin-1') for x in data if isinstance(x, tuple)]
    typ, data = c.fetch('1', '(RFC822)')
    out['rfc822'] = data[0][1].decode('latin-1')
    typ, data = c.fetch('1', '(FLAGS)')
    out['flags_after'] = data[0].decode()
    typ, data = c.search(None, 'TEXT', rest[1])
    out['text_search'] = data[0].decode().split()
    typ, data = c.search(None, 'SUBJECT', rest[1])
    out['subject_search'] = data[0].decode().split()
    c.logout()
elif step == 'imap-flags':
    c = imap()
    c.select(f'"{rest[0]}"')
    typ, data = c.fetch('1:*', '(UID FLAGS)')
    out['flags'] = [x.decode() for x in data if x]
    c.logout()
elif step == 'imap-trash':
    c = imap()
    c.select(f'"{rest[0]}"')
    c.store('1', '+FLAGS', '(\\Deleted)')
    typ, data = c.expunge()
    out['expunged'] = [x.decode() for x in data if x]
    typ, data = c.select('Trash')
    out['trash'] = int(data[0])
    c.logout()
elif step == 'tls':
    # rest: how (imap-starttls, imaps, pop3-stls, pop3s), the CA file the server's certificate is checked against.
    how, cafile = rest
    context = ssl.create_default_context(cafile=cafile)
    if how.startswith('imap'):
        if how == 'imaps':
            c = imaplib.IMAP4_SSL(host, port, ssl_context=context)
        else:
            c = imaplib.IMAP4(host, port)
            out['capability_before'] = list(c.capabilities)
            c.starttls(ssl_context=context)
        out['cipher'] = c.sock.cipher()[1]
        c.login(user, password)
        c.select('INBOX')
        typ, data = c.fetch('1', '(BODY.PEEK[])')
        out['body'] = data[0][1].decode('latin-1')
        c.logout()
    else:
        if how == 'pop3s':
            p = poplib.POP3_SSL(host, port, context=context)
        else:
            p = poplib.POP3(host, port)
            out['capability_before'] = list(p.capa().keys())
            p.stls(context=context)
        out['cipher'] = p.sock.cipher()[1]
        p.user(user)
        p.pass_(password)
        out['body'] = b'\r\n'.join(p.retr(1)[1]).decode('latin-1') + '\r\n'
        p.quit()
print(json.dumps(out))
