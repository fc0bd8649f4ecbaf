--
-- PostgreSQL database dump
--


-- Dumped from database version 15.20 (Debian 15.20-0+deb12u1)
-- Dumped by pg_dump version 15.20 (Debian 15.20-0+deb12u1)

SET statement_timeout = 0;
SET lock_timeout = 0;
SET idle_in_transaction_session_timeout = 0;
SET client_encoding = 'UTF8';
SET standard_conforming_strings = on;
SELECT pg_catalog.set_config('search_path', '', false);
SET check_function_bodies = false;
SET xmloption = content;
SET client_min_messages = warning;
SET row_security = off;

--
-- Name: drizzle; Type: SCHEMA; Schema: -; Owner: -
--

CREATE SCHEMA drizzle;


SET default_tablespace = '';

SET default_table_access_method = heap;

--
-- Name: __drizzle_migrations; Type: TABLE; Schema: drizzle; Owner: -
--

CREATE TABLE drizzle.__drizzle_migrations (
    id integer NOT NULL,
    hash text NOT NULL,
    created_at bigint
);


--
-- Name: __drizzle_migrations_id_seq; Type: SEQUENCE; Schema: drizzle; Owner: -
--

CREATE SEQUENCE drizzle.__drizzle_migrations_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: __drizzle_migrations_id_seq; Type: SEQUENCE OWNED BY; Schema: drizzle; Owner: -
--

ALTER SEQUENCE drizzle.__drizzle_migrations_id_seq OWNED BY drizzle.__drizzle_migrations.id;


--
-- Name: accounts; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.accounts (
    id integer NOT NULL,
    handle text,
    name text DEFAULT ''::text NOT NULL,
    email text NOT NULL,
    mobile text,
    password_hash text,
    approved_at timestamp with time zone,
    registered_at timestamp with time zone,
    suspended_at timestamp with time zone,
    key_id bigint,
    stripe_customer_id text,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL
);


--
-- Name: accounts_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.accounts_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: accounts_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.accounts_id_seq OWNED BY public.accounts.id;


--
-- Name: alias_logs; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.alias_logs (
    id bigint NOT NULL,
    alias_id integer NOT NULL,
    user_id integer,
    method text NOT NULL,
    endpoint text NOT NULL,
    status integer NOT NULL,
    detail text,
    created timestamp with time zone DEFAULT now() NOT NULL
);


--
-- Name: alias_logs_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.alias_logs_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: alias_logs_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.alias_logs_id_seq OWNED BY public.alias_logs.id;


--
-- Name: alias_senders; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.alias_senders (
    id integer NOT NULL,
    alias_id integer NOT NULL,
    address text NOT NULL,
    hostname text
);


--
-- Name: alias_senders_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.alias_senders_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: alias_senders_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.alias_senders_id_seq OWNED BY public.alias_senders.id;


--
-- Name: aliases; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.aliases (
    id integer NOT NULL,
    account_id integer NOT NULL,
    domain_id integer NOT NULL,
    handle text NOT NULL,
    label text,
    icon text,
    source_id integer,
    lifespan integer,
    digest text,
    is_active boolean DEFAULT true NOT NULL,
    is_trashed boolean DEFAULT false NOT NULL,
    is_whitelisted boolean DEFAULT false NOT NULL,
    specialty text,
    key_id bigint NOT NULL,
    unread_count integer DEFAULT 0 NOT NULL,
    total_count integer DEFAULT 0 NOT NULL,
    contacted_at timestamp with time zone,
    last_digest_at timestamp with time zone,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    accessed_at timestamp with time zone,
    updated_at timestamp with time zone DEFAULT now() NOT NULL
);


--
-- Name: aliases_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.aliases_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: aliases_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.aliases_id_seq OWNED BY public.aliases.id;


--
-- Name: attachments; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.attachments (
    id bigint NOT NULL,
    message_id bigint NOT NULL,
    filename text NOT NULL,
    content_type text NOT NULL,
    size integer NOT NULL,
    cid text,
    content_sealed bytea NOT NULL
);
ALTER TABLE ONLY public.attachments ALTER COLUMN content_sealed SET STORAGE EXTERNAL;


--
-- Name: attachments_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.attachments_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: attachments_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.attachments_id_seq OWNED BY public.attachments.id;


--
-- Name: domains; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.domains (
    id integer NOT NULL,
    handle text NOT NULL,
    name text NOT NULL,
    owner_id integer,
    verify_token text,
    verified_at timestamp with time zone,
    created_at timestamp with time zone DEFAULT now() NOT NULL
);


--
-- Name: domains_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.domains_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: domains_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.domains_id_seq OWNED BY public.domains.id;


--
-- Name: inbound; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.inbound (
    id bigint NOT NULL,
    raw bytea,
    size integer NOT NULL,
    mail_from text DEFAULT ''::text NOT NULL,
    rcpt_to jsonb NOT NULL,
    alias_ids jsonb NOT NULL,
    remote_ip text,
    helo text,
    state text DEFAULT 'queued'::text NOT NULL,
    attempts integer DEFAULT 0 NOT NULL,
    error text,
    received_at timestamp with time zone DEFAULT now() NOT NULL,
    processed_at timestamp with time zone
);
ALTER TABLE ONLY public.inbound ALTER COLUMN raw SET COMPRESSION lz4;


--
-- Name: inbound_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.inbound_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: inbound_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.inbound_id_seq OWNED BY public.inbound.id;


--
-- Name: invitations; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.invitations (
    id integer NOT NULL,
    inviter_id integer NOT NULL,
    name text NOT NULL,
    target text NOT NULL,
    message text DEFAULT ''::text NOT NULL,
    code_hash text NOT NULL,
    expires_at timestamp with time zone NOT NULL,
    claimed_at timestamp with time zone,
    claimed_by integer,
    created_at timestamp with time zone DEFAULT now() NOT NULL
);


--
-- Name: invitations_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.invitations_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: invitations_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.invitations_id_seq OWNED BY public.invitations.id;


--
-- Name: keys; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.keys (
    id bigint NOT NULL,
    scheme text NOT NULL,
    wrapped bytea NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL
);
ALTER TABLE ONLY public.keys ALTER COLUMN wrapped SET STORAGE EXTERNAL;


--
-- Name: keys_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.keys_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: keys_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.keys_id_seq OWNED BY public.keys.id;


--
-- Name: messages; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.messages (
    id bigint NOT NULL,
    alias_id integer NOT NULL,
    inbound_id bigint,
    key_id bigint NOT NULL,
    direction text DEFAULT 'in'::text NOT NULL,
    state text DEFAULT 'ok'::text NOT NULL,
    sender_label text DEFAULT ''::text NOT NULL,
    sender_address text DEFAULT ''::text NOT NULL,
    recipient text DEFAULT ''::text NOT NULL,
    subject_sealed bytea,
    text_sealed bytea,
    html_sealed bytea,
    raw_sealed bytea,
    has_html boolean DEFAULT false NOT NULL,
    size integer DEFAULT 0 NOT NULL,
    attachments_count integer DEFAULT 0 NOT NULL,
    auth jsonb,
    warnings jsonb DEFAULT '[]'::jsonb NOT NULL,
    message_id_header text,
    sent_at timestamp with time zone,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    opened_at timestamp with time zone,
    trashed_at timestamp with time zone
);
ALTER TABLE ONLY public.messages ALTER COLUMN subject_sealed SET STORAGE EXTERNAL;
ALTER TABLE ONLY public.messages ALTER COLUMN text_sealed SET STORAGE EXTERNAL;
ALTER TABLE ONLY public.messages ALTER COLUMN html_sealed SET STORAGE EXTERNAL;
ALTER TABLE ONLY public.messages ALTER COLUMN raw_sealed SET STORAGE EXTERNAL;


--
-- Name: messages_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.messages_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: messages_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.messages_id_seq OWNED BY public.messages.id;


--
-- Name: notes; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.notes (
    id integer NOT NULL,
    alias_id integer NOT NULL,
    label text DEFAULT 'Notes'::text NOT NULL,
    locked boolean DEFAULT false NOT NULL,
    shield boolean DEFAULT true NOT NULL,
    key_id bigint NOT NULL,
    value_sealed bytea NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL
);
ALTER TABLE ONLY public.notes ALTER COLUMN value_sealed SET STORAGE EXTERNAL;


--
-- Name: notes_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.notes_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: notes_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.notes_id_seq OWNED BY public.notes.id;


--
-- Name: outbox; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.outbox (
    id bigint NOT NULL,
    kind text NOT NULL,
    from_address text NOT NULL,
    to_address text NOT NULL,
    subject text NOT NULL,
    text text NOT NULL,
    html text,
    headers jsonb DEFAULT '{}'::jsonb NOT NULL,
    state text DEFAULT 'queued'::text NOT NULL,
    attempts integer DEFAULT 0 NOT NULL,
    error text,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    sent_at timestamp with time zone
);


--
-- Name: outbox_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.outbox_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: outbox_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.outbox_id_seq OWNED BY public.outbox.id;


--
-- Name: packages; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.packages (
    id integer NOT NULL,
    handle text NOT NULL,
    label text NOT NULL,
    description text DEFAULT ''::text NOT NULL,
    price integer DEFAULT 0 NOT NULL,
    term integer DEFAULT 1 NOT NULL,
    stripe_id text,
    can_cancel boolean DEFAULT false NOT NULL,
    can_renew boolean DEFAULT false NOT NULL,
    can_upgrade boolean DEFAULT false NOT NULL,
    features jsonb NOT NULL,
    limits jsonb NOT NULL,
    "position" integer DEFAULT 0 NOT NULL
);


--
-- Name: reset_requests; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.reset_requests (
    id integer NOT NULL,
    account_id integer NOT NULL,
    code_hash text NOT NULL,
    expires_at timestamp with time zone NOT NULL,
    used_at timestamp with time zone,
    created_at timestamp with time zone DEFAULT now() NOT NULL
);


--
-- Name: reset_requests_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.reset_requests_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: reset_requests_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.reset_requests_id_seq OWNED BY public.reset_requests.id;


--
-- Name: sessions; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.sessions (
    id integer NOT NULL,
    token_hash text NOT NULL,
    account_id integer NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    expires_at timestamp with time zone NOT NULL,
    ip text,
    user_agent text
);


--
-- Name: sessions_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.sessions_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: sessions_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.sessions_id_seq OWNED BY public.sessions.id;


--
-- Name: source_senders; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.source_senders (
    id integer NOT NULL,
    source_id integer NOT NULL,
    address text NOT NULL,
    hostname text
);


--
-- Name: source_senders_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.source_senders_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: source_senders_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.source_senders_id_seq OWNED BY public.source_senders.id;


--
-- Name: sources; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.sources (
    id integer NOT NULL,
    handle text NOT NULL,
    label text NOT NULL,
    icon text,
    avatar text,
    color text,
    url text,
    rules text,
    is_public boolean DEFAULT true NOT NULL,
    user_id integer,
    created_at timestamp with time zone DEFAULT now() NOT NULL
);


--
-- Name: sources_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.sources_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: sources_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.sources_id_seq OWNED BY public.sources.id;


--
-- Name: stripe_events; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.stripe_events (
    id text NOT NULL,
    type text NOT NULL,
    processed_at timestamp with time zone DEFAULT now() NOT NULL
);


--
-- Name: subscriptions; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.subscriptions (
    account_id integer NOT NULL,
    package_id integer NOT NULL,
    expires_at timestamp with time zone,
    stripe_subscription_id text,
    status text DEFAULT 'active'::text NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL
);


--
-- Name: __drizzle_migrations id; Type: DEFAULT; Schema: drizzle; Owner: -
--

ALTER TABLE ONLY drizzle.__drizzle_migrations ALTER COLUMN id SET DEFAULT nextval('drizzle.__drizzle_migrations_id_seq'::regclass);


--
-- Name: accounts id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.accounts ALTER COLUMN id SET DEFAULT nextval('public.accounts_id_seq'::regclass);


--
-- Name: alias_logs id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.alias_logs ALTER COLUMN id SET DEFAULT nextval('public.alias_logs_id_seq'::regclass);


--
-- Name: alias_senders id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.alias_senders ALTER COLUMN id SET DEFAULT nextval('public.alias_senders_id_seq'::regclass);


--
-- Name: aliases id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.aliases ALTER COLUMN id SET DEFAULT nextval('public.aliases_id_seq'::regclass);


--
-- Name: attachments id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.attachments ALTER COLUMN id SET DEFAULT nextval('public.attachments_id_seq'::regclass);


--
-- Name: domains id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.domains ALTER COLUMN id SET DEFAULT nextval('public.domains_id_seq'::regclass);


--
-- Name: inbound id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.inbound ALTER COLUMN id SET DEFAULT nextval('public.inbound_id_seq'::regclass);


--
-- Name: invitations id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.invitations ALTER COLUMN id SET DEFAULT nextval('public.invitations_id_seq'::regclass);


--
-- Name: keys id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.keys ALTER COLUMN id SET DEFAULT nextval('public.keys_id_seq'::regclass);


--
-- Name: messages id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.messages ALTER COLUMN id SET DEFAULT nextval('public.messages_id_seq'::regclass);


--
-- Name: notes id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.notes ALTER COLUMN id SET DEFAULT nextval('public.notes_id_seq'::regclass);


--
-- Name: outbox id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.outbox ALTER COLUMN id SET DEFAULT nextval('public.outbox_id_seq'::regclass);


--
-- Name: reset_requests id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.reset_requests ALTER COLUMN id SET DEFAULT nextval('public.reset_requests_id_seq'::regclass);


--
-- Name: sessions id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.sessions ALTER COLUMN id SET DEFAULT nextval('public.sessions_id_seq'::regclass);


--
-- Name: source_senders id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.source_senders ALTER COLUMN id SET DEFAULT nextval('public.source_senders_id_seq'::regclass);


--
-- Name: sources id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.sources ALTER COLUMN id SET DEFAULT nextval('public.sources_id_seq'::regclass);


--
-- Data for Name: __drizzle_migrations; Type: TABLE DATA; Schema: drizzle; Owner: -
--

INSERT INTO drizzle.__drizzle_migrations VALUES (1, '4ae23d74addda779d157f9cfa9fe0fa3dbe13ca95a0479ba7afe70736d49c341', 1795307699874);
INSERT INTO drizzle.__drizzle_migrations VALUES (2, 'c822fa4fd2812e87e6e0ef1ac9bcc97941dd7d8ff47f14e49a9c99329904c515', 1795313160167);


--
-- Data for Name: accounts; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.accounts VALUES (2, 'fixture_member', 'Fixture Member', 'member@example.test', NULL, '$argon2id$v=19$m=19456,t=2,p=1$325NcZ2jmfx3+B+FANR0+g$jTnumazPejfRia835XSFg73Bn0hiJRz3sS2fqIcZeHQ', '2026-11-23 19:33:12.549+00', '2026-11-23 19:33:12.549+00', NULL, 1, NULL, '2026-11-23 19:33:12.550545+00', '2026-11-23 19:33:12.550545+00');
INSERT INTO public.accounts VALUES (1, 'admin', 'Admin', 'admin@alias.localhost', NULL, '$argon2id$v=19$m=19456,t=2,p=1$m24F3BJRMY66NZz6RcgoTg$+PbIkimMKKtW5VM8R+t0EPy1NkMos/45izkUXWD4/jg', '2026-11-23 19:33:12.304+00', '2026-11-23 19:33:12.304+00', NULL, 4, NULL, '2026-11-23 19:33:12.353478+00', '2026-11-23 19:33:12.353478+00');


--
-- Data for Name: alias_logs; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.alias_logs VALUES (1, 1, 2, 'PUT', '/api/account/2/alias/1/notes', 200, 'notes', '2026-11-23 19:33:12.690596+00');
INSERT INTO public.alias_logs VALUES (2, 1, 2, 'SMTP', 'DATA', 250, 'delivered', '2026-11-23 19:33:12.843769+00');
INSERT INTO public.alias_logs VALUES (3, 1, 2, 'SMTP', 'DATA', 250, 'delivered', '2026-11-23 19:33:12.970304+00');
INSERT INTO public.alias_logs VALUES (4, 3, 1, 'SMTP', 'DATA', 250, 'delivered', '2026-11-23 19:33:13.089112+00');


--
-- Data for Name: alias_senders; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: aliases; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.aliases VALUES (2, 2, 1, 'proud.raven549', NULL, NULL, NULL, 7, NULL, true, false, false, NULL, 3, 0, 0, NULL, NULL, '2026-11-23 19:33:12.656821+00', NULL, '2026-11-23 19:33:12.656821+00');
INSERT INTO public.aliases VALUES (1, 2, 1, 'mellow.falcon2621', NULL, NULL, NULL, 7, NULL, true, false, false, NULL, 2, 2, 2, '2026-11-23 19:33:12.969+00', NULL, '2026-11-23 19:33:12.624343+00', NULL, '2026-11-23 19:33:12.624343+00');
INSERT INTO public.aliases VALUES (3, 1, 1, 'keen.cedar1527', NULL, NULL, NULL, NULL, NULL, true, false, false, NULL, 5, 1, 1, '2026-11-23 19:33:13.088+00', NULL, '2026-11-23 19:33:12.672763+00', NULL, '2026-11-23 19:33:12.672763+00');


--
-- Data for Name: attachments; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.attachments VALUES (1, 2, 'invoice-1001.txt', 'text/plain', 32, NULL, '\xb031fdb77e0140e65d0656a464009da91d5fa95e8df67cc011a1e3648cdb79ded2c8957ad3a35a29b927c2a598a5efad8c4a0bb5c6e2c3866c5f88a8');


--
-- Data for Name: domains; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.domains VALUES (1, 'default', 'alias.localhost', NULL, NULL, '2026-11-23 19:33:12.301+00', '2026-11-23 19:33:12.301964+00');


--
-- Data for Name: inbound; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.inbound VALUES (1, NULL, 340, 'orders@shop.example', '["mellow.falcon2621@alias.localhost"]', '[1]', '127.0.0.1', '[127.0.0.1]', 'done', 0, NULL, '2026-11-23 19:33:12.820919+00', '2026-11-23 19:33:12.843769+00');
INSERT INTO public.inbound VALUES (2, NULL, 1021, 'orders@shop.example', '["mellow.falcon2621@alias.localhost"]', '[1]', '127.0.0.1', '[127.0.0.1]', 'done', 0, NULL, '2026-11-23 19:33:12.956151+00', '2026-11-23 19:33:12.970304+00');
INSERT INTO public.inbound VALUES (3, NULL, 630, 'orders@shop.example', '["keen.cedar1527@alias.localhost"]', '[3]', '127.0.0.1', '[127.0.0.1]', 'done', 0, NULL, '2026-11-23 19:33:13.066458+00', '2026-11-23 19:33:13.089112+00');
INSERT INTO public.inbound VALUES (4, '\x46726f6d3a20466978747572652053686f70203c6f72646572734073686f702e6578616d706c653e0d0a546f3a2070726f75642e726176656e35343940616c6961732e6c6f63616c686f73740d0a5375626a6563743a2046697874757265206d61696c206163636570746564206265666f72652074686520757067726164650d0a4d6573736167652d49443a203c336464353539663332663939363735344073686f702e6578616d706c653e0d0a446174653a204672692c203230204e6f7620323032362031303a30303a3030202b303030300d0a436f6e74656e742d5472616e736665722d456e636f64696e673a20376269740d0a4d494d452d56657273696f6e3a20312e300d0a436f6e74656e742d547970653a20746578742f706c61696e3b20636861727365743d7574662d380d0a0d0a41636365707465642c206e6f742079657420696e6765737465642e0d0a', 337, 'orders@shop.example', '["proud.raven549@alias.localhost"]', '[2]', '127.0.0.1', '[127.0.0.1]', 'queued', 0, NULL, '2026-11-23 19:33:13.35845+00', NULL);


--
-- Data for Name: invitations; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.invitations VALUES (1, 1, 'Fixture Invitee', 'invitee@example.test', 'Come and see.', '35605be0f4a81c7a0486cb71829e91f8b7ba8db7801c51e5d9fc0bd75578dfe9', '2026-12-07 19:33:13.22+00', NULL, NULL, '2026-11-23 19:33:13.220603+00');


--
-- Data for Name: keys; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.keys VALUES (1, 'aes', '\x171b3085db803d59d372e1d237706a96f62b4b59ededd31ef1104286d459f1ec5b3129bb0e4fb5d65d20e097fb476b96fdd4a7dffb342ee944580427d4', '2026-11-23 19:33:12.624343+00');
INSERT INTO public.keys VALUES (2, 'aes', '\x1a1bbb7f00a9138b3984d6c61cee3a2dc13b06915a103296b763d502564d3c98ac22f09822b35229008333a607d2e546abb650e8da3ab6b5edfffa65d2', '2026-11-23 19:33:12.624343+00');
INSERT INTO public.keys VALUES (3, 'aes', '\x3a71ef39433f24b936e6d269c69bd3c19679230074755de79845c8e62829711fabf7fdcf9772eabcb403944e590d4a418e267561d87c519d254e80446a', '2026-11-23 19:33:12.656821+00');
INSERT INTO public.keys VALUES (4, 'aes', '\x0735173328adfc85a076e81303ceb9d509dbdbcb1bc54e9a0a18a3c6aab4d7119a357d173d3fe5a95c0c6cab2c8227d421db2331e9d0fd8483dadae3a6', '2026-11-23 19:33:12.672763+00');
INSERT INTO public.keys VALUES (5, 'triple', '\xee33ed20120b45d3653baff5382a850b48de5166906c99e94542be8b95352730bb045e2bfc348fa9b578f9ee45b02d000a0761c0bd5f2a71bd6bfd12cbce291288a8d5bbbc3601917d75382536ed233ce283566c88bbdaa6a8ce320f5c8e1d527a690ba75df36fb5581e9406ccae63cfebdc312a2c906468bddc755b2a', '2026-11-23 19:33:12.672763+00');
INSERT INTO public.keys VALUES (6, 'aes', '\x82e27e9bbdd8cb1655e44d9ae0d4bd5c68db72360dd185b2557a918c680d7ce759bd746e0fa798ae06e8902c17d3c340df021f1be117665122561dc3bb', '2026-11-23 19:33:12.687142+00');
INSERT INTO public.keys VALUES (7, 'aes', '\x6634fc78a1b8ca8a888bc43031c659008cfc40f6a3b4b7ce06f0161d28dd78d3e0a7f596bcc40963148c4cd22dfd23b1f045d6000b4160958c917d8f53', '2026-11-23 19:33:12.843769+00');
INSERT INTO public.keys VALUES (8, 'aes', '\x4e376c97260d39394d27d9848875295ff37952467eab2e91e6bd453a92d2584845b230d5b79465e29860e9313d0e2fef1b9e2d9bbcd59a982a5e2d0f3b', '2026-11-23 19:33:12.970304+00');
INSERT INTO public.keys VALUES (9, 'triple', '\xe39e00fa0a90b8f05c3ce85477013d20666cc6f999be32177c7b557b6db9c822cb42799c5d1f4a23d29be38646ed0c6256dacaa79bf335ebcb2408d47e3d7a696c9e57b029dfa17e2347d0166b8083fbf2a8520292b352a945faec3664bf501cb69895a2d3ec2d235b1dc57284cfc37b3b1e387de106687d6b99c398b0b0fedc50e545004c6256004f155946e4683984cc1c05bcf0c560465ea1d60b03a8fc5f44ec8c69031578a3fb37bf6435a3fa8a7cecbdbe28', '2026-11-23 19:33:13.089112+00');


--
-- Data for Name: messages; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.messages VALUES (1, 1, 1, 7, 'in', 'ok', 'Fixture Shop', 'orders@shop.example', 'mellow.falcon2621@alias.localhost', '\x28d15326df6f08931db29be4b049435f4be2043fa67f213c5ffd7c4ad7dfd3a54d3aadf4411000402567c4463d0f90f291802b5491184bd7', '\xad61aca1e3785e0358dda60017cf031902f6e99fd99703097a2f454a12fdd7d61b6c27bbdfc4fd3c6d4b1a7da8b1c1a514680012e6e7bcc821c87e6e3cbe0b9bb2590bba', NULL, '\xd38ccff8cc723be442f498171787fc7ded38c38b98f34ebc12cd2d8b9aa54d7a70f22a9574b6063d29a2bb41bad8557e1b0ea8ce0ffcc02e4b5b03b9022b09ad6bc16fdf4e13a00144d6ab6a8e5437999cc14a3eb98a99d41a08876e08d21d0a241f50da413a8cfb4ba52f93a1c2940e514b80dfd89c1cf1772a765b746426cd02dd811d00c6c65e3bdf8061d981c05df5f11183cf4bcaee50ad668518c596e817136d6db94e21c719456b2c1bbb71bf48df688cb98cc27982b7a558306473c418556012648c0903eeaa6bf454b85bf00fe47552ff4ad7ecafab26458ee913b6b9e940fd4263da83439ed0ef9e36374a71f7f9f5ab8fc9fe37bcf29d7ff85036773cdc0ad6df6fefe819cae142079fab842a3dd5b9271e552bd644e6d14eb5a1e8f513f7e48023f2d54d8f9d93611a2ec552f8b3ab7396a49fde7a1a27c22858a97fd20c27a4e750f02c1cb8737513e09b2faac2cf5d7a8fc10661b3a706ac509917476042136a21b740057f1dbb5264', false, 340, 0, NULL, '[]', '<5f96b70ab2815217@shop.example>', '2026-11-20 10:00:00+00', '2026-11-23 19:33:12.843+00', NULL, NULL);
INSERT INTO public.messages VALUES (2, 1, 2, 8, 'in', 'ok', 'Fixture Shop', 'orders@shop.example', 'mellow.falcon2621@alias.localhost', '\x18e0b8aad18a9e3f3dcb3c9b92f628765d00f4b2603c46537420af32560be8b2ece619d203bf5983f62dae281696149aad73f4c37e46049d2dbc60', '\x8a8022ee4daf51c125ca7411c516500a288a5ed83960d16a00bbce95cc19c1e4388a5481be56d5e846bb708d00c497c6935cbe5abc85e6ed5de32329', '\x2b7aa54a5d66e02589eed846a51ba44a53a73a4a0f6836d7be5f7ef6a92c745ca6c71d3e65cabf0eb60fef806188ae480d6b500a53ea5415f3a053ae3df0dfdd2f0956df2f25dba5c86f', '\xc112f48a9f43908c92e6478e96b15b2fd06ee7e3d9cda127ef1514e9b074529adbed137b4564f6a86495383429468582175620e4f13af24d9bdfed003bd60652b0f14de095d98049cebb02dccd84cb182359510403aa8fae6e419a4c792b7e6d567b6d282767260b052ad87bddf87eb9a1963a672dfbeebde9c0f0309f3301f0b747f83c89d74f473d93ac205873c04adad74e6497c5d2c92a9d0c269106df84550981a50f42579334919ad232c47d41c70e24eca0bd722f5e6eb695a6b52f6d430aa84123cc3f5b2d4e07da9bb2a7016a8403704a8222b8f4193fdee678f3334b49ae2f2f803b702e9607c3ca5978683682bbc1afc2818d119149e60baf9b4c9f921eb3674e4e1ff8f9f2115dffcd4f8c1d07cff42f5e925133a0a91088622dee65308e0c4d690a5bf5aeac211a4545f147531577dc786fd3a63e7a727accc2b8cecaa5b3b25cc244df3c217b0d74fe27bfc1b17129bdfbb4d9cf94855ea755727a5cac3c113124aea671a4bf2ce7e29e6a11d54722b2788729f6bbacc3d10ab48bda22c25ccff30d54cf4effbdc18e9dce8771c5676b6fea4842257951e1f4f01cbc370d0256b378c316f1c804f92285f990fccc47a4d5a2ae055c3ef11c810d50538681b261ca7ff524590fd812302c6ae474cb26b0edfc47f853d0db91318881908c9c986972d28b91849964759bee3ebb9d573c1379692281a361921022fd02a3d85ab6656238d67eecb94226c0948ba7606d280d4b2919d92cc0493f3116e4a03a2c079868e3800c8cc82d0493ecb2f4cea5af3faaa578d4719366316185ad620adfa0b1b58cc70609dd413a106c6b47f24bb402dab8f492266250bd32d4851f560b3a02e0dfb2b6fe5579f1247fe00f26bb8d4f9e4dab643c77da5b6b855dd5efc35a4b51e7507722d7d8b4c6a91e3f999abdf004cdbc1d09c92a7919239ee9fc36f8c0a9a668e28e25e809cb48963fddd4af0ad1249f878f01349f09a4f94cfe160b8e843a84f61522a5e22a606388814cbbca7884334c6f341d237e779ae84481d6a8cdc62fccb79ca212bfd55604c076c1b66e59e507e3e019736fb5f5bfba31031dcfb5c6513ae4cc5200d9f5715824b6c0dc9c1cdbd49532e9285fda40aea08774759f9369d8224d1bf5f39baef89934265e5c0e8e1ff6fccecbcdfc1f33aed4b6bd52c48cb915ceda37f405a41b86aaa23a880aff7a62c639475d28fda82e401b51e475eaaf8ff3a6b6c67efb081b023bea051496748227e1e38fc062b0d90c9601f5aa9e0530abbdebff0603a6474d706f23bd2b8a970e3e34debce1f0a518cdb9d3a733063485daa832349307ce19bd12e2ea147192730b1f81d24079adde075b5f9495ad1d8abad0d9c5a6e1fcc6cd591b81a4f75d2a4d35c0d25bc7adb39327f8cfba1f70097db72bb40e46045cec6a03d28e5dd509df21a5f04ef66789e6ee6bbba6eed6cdecb4d91c571f14d2552159', true, 1021, 1, NULL, '[]', '<45fa71247c098ac6@shop.example>', '2026-11-20 10:00:00+00', '2026-11-23 19:33:12.969+00', NULL, NULL);
INSERT INTO public.messages VALUES (3, 3, 3, 9, 'in', 'ok', 'Fixture Shop', 'orders@shop.example', 'keen.cedar1527@alias.localhost', '\x54323c3c0a6fb54030d691eee1962a21efba496f858aef8112a204b44007ddb5338a7cd872d47ca3dd6ebe38907d0f93cb559c003283f4aee1a8fede063395fbab193238d95ed9cd4cabf38b55189dd213e126b0652fe2a3210725ce9377fdb8c5e3892af6e2e8751b67058b6c2393ba', '\x6b689274920cc958d27cfabc4773b455559cfdf2bd2bf9bb0a436370cc7bc90556a02bc8dfb2be7408c3f3cea6a1c8ed39a6008bb028f23195faa60f9be5f4f65caa63613b2a1553f5d27172bb57fae56e0cca14bb443cf1412c68a4de6a4487067c425fc1383d3836e8b10907126305676e', '\x1f2a777b2d32f162fe8fb9731fc2f2d90ca8453288916819e584905c4278394c12c3c49a3b1672ee744c2c74533266c51fd015ed689f78494ae1f489e87365b087399dc958ad61dfe0cb3fbd11d7100ca53963bf5e48e15303d655e48d2983939887bbd6a358d556097206ae0c2f95f5b197a882014cdb2f77', '\x837b3e9584be22b47fed523675b2bd8e8220dbcfeeae2b214f113cb0a24c827a6643f6cbc588ad502560989394239f6617f165f5125c8bd2da8a45d85890a9d0f7795f31e3e6a710d7d730e8bf688622ff92c165064ce1a0e2ea2fd5bd9790e9c1715be8e7e42410b611c759c6164d983e95d93962b9043e03ffa9655554f703c9ed2f666011372c97917b16c5cd900a79d577b47b4bde1f6847a101f16b955e4bff37d0c3c0223ae50dcd2a57729f3b118c8d3bfa6f8077d571b345ca0492f03535c05b92e2ea6944007670aec972e54431b91827eb468219f1e794a10838f104fe2b5a8204352c2d7c128cb1c19055bd7d08ec0ca672f0a02b10a5800e047356e070d0b3ae35e2a8ac7ecf1093e727e200e05a3dc49eb9ebe5ebe8b5b0be6dbbaa949ef4759edb4f3b79c7d964da03f5baf7e72f08b8c194ace870ac1aaa72c5c51f82d0be78774ee9d40351d61d87326afc45d676b7a80b4665c0b0510c0cfdee91074b6511bc96adc799574647e19741ac949548c46f08de041ceeffd828fefb4d07cb0bf678f78cacbc75cef6916593f7333b368cd7c193d943b2438b3d92808c9850ee06f94014cb2a0bb9e955e0c4ddd23158ef68ab471493e07cb458f467e127b0fbefa0e1994d29becbb08606b9d49391b56faca6c5070198246bd6ddaadf9c22230caf9aa91c8381e2d327d85d2f4e32d5103e6b8a0ad112f907d140e29260fe9e220eab98311001a6bce20eac0cad7b72c70e23e0f213120d9fbd1e121f1ff9a8a7fdaa7bb9b2453093b1625cbc9e731cecad94ca8a5f40350422153111ea9429a6232c6e4036860629cfd6dbd72ba734a8d4907186fc45c23e47f9806d3021ea121eae90c05fb0e9f9510a99017631cd5a425358e696a98e7ee4e9db2ec4b37c4117cf18e48e4e25cc1642d50af9fd4003a72ca39cd76ef9141ca2637a8dabf2941351f9b6334001fe67088966fc5ad56b9c92b667315be6c654daccb9ff99d33240e049', true, 630, 0, NULL, '[]', '<96528b675aaee6da@shop.example>', '2026-11-20 10:00:00+00', '2026-11-23 19:33:13.088+00', NULL, NULL);


--
-- Data for Name: notes; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.notes VALUES (1, 1, 'Notes', false, true, 6, '\x9e23e30b15e0c4a835f410cff07204584d5e46adb2c1613d4786ea725ccea538595042a43e9b303b4f6498473a71fe7bd96a157323a0f5f1eb3b11adba60a5bf07cb82fa24cbc9348acf863209a3d9a46fb519502844', '2026-11-23 19:33:12.687142+00');


--
-- Data for Name: outbox; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.outbox VALUES (1, 'reset', '"Alias Mail" <no-reply@alias.localhost>', 'member@example.test', 'Reset your Alias Mail password', 'Hello Fixture Member,

Someone (hopefully you) asked to reset the password of your account. Choose a new one here:
http://127.0.0.1:3000/auth/reset/mGH4DUVmk-waB68mPoLSjJNq8MDAUJmmVPm8qS41hHg

The link works once and expires in 1 hour. Resetting signs out your other sessions.
If you did not ask for this, ignore this mail: your password stays as it is.', '<!doctype html>
<html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"></head>
<body style="margin:0;padding:24px;background:#f4f5f7;font-family:Arial,Helvetica,sans-serif;color:#1f2328">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px">
<h1 style="font-size:20px;margin:0 0 16px">Reset your Alias Mail password</h1>
<p style="margin:0 0 12px">Hello Fixture Member,</p>
<p style="margin:0 0 12px">Someone (hopefully you) asked to reset the password of your account.</p>
<p style="margin:24px 0"><a href="http://127.0.0.1:3000/auth/reset/mGH4DUVmk-waB68mPoLSjJNq8MDAUJmmVPm8qS41hHg" style="background:#0969da;color:#ffffff;padding:10px 16px;border-radius:6px;text-decoration:none;display:inline-block">Choose a new password</a></p><p style="font-size:12px;color:#656d76;word-break:break-all">http://127.0.0.1:3000/auth/reset/mGH4DUVmk-waB68mPoLSjJNq8MDAUJmmVPm8qS41hHg</p>
<p style="margin:0 0 12px;font-size:13px">The link works once and expires in 1 hour. Resetting signs out your other sessions.</p>
<p style="margin:0;font-size:13px">If you did not ask for this, ignore this mail: your password stays as it is.</p>
<p style="margin:24px 0 0;font-size:12px;color:#656d76">Alias Mail</p>
</div></body></html>', '{}', 'queued', 1, 'connect ECONNREFUSED 127.0.0.1:9', '2026-11-23 19:33:13.207615+00', NULL);
INSERT INTO public.outbox VALUES (2, 'invitation', '"Alias Mail" <no-reply@alias.localhost>', 'invitee@example.test', 'You are invited to Alias Mail', 'Hello Fixture Invitee,

Admin invited you to Alias Mail, a private e-mail alias service.

Come and see.

Accept the invitation and choose your username and password here:
http://127.0.0.1:3000/auth/redeem/ei8NcosL6vp2LRffO_qbgTfFFGFr3vZP2XHKemwhTnc

The link works once and expires in 14 days.', '<!doctype html>
<html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"></head>
<body style="margin:0;padding:24px;background:#f4f5f7;font-family:Arial,Helvetica,sans-serif;color:#1f2328">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px">
<h1 style="font-size:20px;margin:0 0 16px">You are invited to Alias Mail</h1>
<p style="margin:0 0 12px">Hello Fixture Invitee,</p>
<p style="margin:0 0 12px">Admin invited you to Alias Mail, a private e-mail alias service.</p>
<blockquote style="margin:0 0 12px;padding-left:12px;border-left:3px solid #d0d7de"><p style="margin:0 0 12px;white-space:pre-line">Come and see.</p></blockquote>
<p style="margin:24px 0"><a href="http://127.0.0.1:3000/auth/redeem/ei8NcosL6vp2LRffO_qbgTfFFGFr3vZP2XHKemwhTnc" style="background:#0969da;color:#ffffff;padding:10px 16px;border-radius:6px;text-decoration:none;display:inline-block">Accept the invitation</a></p><p style="font-size:12px;color:#656d76;word-break:break-all">http://127.0.0.1:3000/auth/redeem/ei8NcosL6vp2LRffO_qbgTfFFGFr3vZP2XHKemwhTnc</p>
<p style="margin:0;font-size:13px">The link works once and expires in 14 days.</p>
<p style="margin:24px 0 0;font-size:12px;color:#656d76">Alias Mail</p>
</div></body></html>', '{}', 'queued', 1, 'connect ECONNREFUSED 127.0.0.1:9', '2026-11-23 19:33:13.222552+00', NULL);


--
-- Data for Name: packages; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.packages VALUES (1, 'free', 'Free', 'A handful of aliases with a week of mail.', 0, 1, NULL, false, false, true, '{"data_shredding": false, "personal_domain": false, "triple_encryption": false, "address_customization": false}', '{"storage_days": 7, "address_count": 10, "digest_frequency": "M", "storage_capacity": 100}', 1);
INSERT INTO public.packages VALUES (2, 'vip', 'VIP', 'Everything, without limits.', 0, 1, NULL, false, false, false, '{"data_shredding": true, "personal_domain": true, "triple_encryption": true, "address_customization": true}', '{"storage_days": null, "address_count": null, "digest_frequency": null, "storage_capacity": null}', 2);
INSERT INTO public.packages VALUES (3, 'plus-monthly', 'Plus (monthly)', 'Custom addresses, triple encryption and shredding.', 300, 1, NULL, true, true, true, '{"data_shredding": true, "personal_domain": false, "triple_encryption": true, "address_customization": true}', '{"storage_days": 180, "address_count": 100, "digest_frequency": "D", "storage_capacity": 5000}', 3);
INSERT INTO public.packages VALUES (4, 'plus-yearly', 'Plus (yearly)', 'Plus, billed once a year.', 3000, 12, NULL, true, true, true, '{"data_shredding": true, "personal_domain": false, "triple_encryption": true, "address_customization": true}', '{"storage_days": 180, "address_count": 100, "digest_frequency": "D", "storage_capacity": 5000}', 4);
INSERT INTO public.packages VALUES (5, 'pro-monthly', 'Pro (monthly)', 'Everything in Plus, your own domain, mail kept forever.', 800, 1, NULL, true, true, false, '{"data_shredding": true, "personal_domain": true, "triple_encryption": true, "address_customization": true}', '{"storage_days": null, "address_count": null, "digest_frequency": null, "storage_capacity": 50000}', 5);
INSERT INTO public.packages VALUES (6, 'pro-yearly', 'Pro (yearly)', 'Pro, billed once a year.', 8000, 12, NULL, true, true, false, '{"data_shredding": true, "personal_domain": true, "triple_encryption": true, "address_customization": true}', '{"storage_days": null, "address_count": null, "digest_frequency": null, "storage_capacity": 50000}', 6);


--
-- Data for Name: reset_requests; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.reset_requests VALUES (1, 2, '224e6259569b7233b828304a9b93c5aed27c833e729da25ffc6ad69c08191fee', '2026-11-23 20:33:13.204+00', NULL, '2026-11-23 19:33:13.205368+00');


--
-- Data for Name: sessions; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.sessions VALUES (1, 'ddb00263491058465665cb4aad3274258efcfdb7f804738d16ebfb9e8d372677', 2, '2026-11-23 19:33:12.581199+00', '2026-11-23 19:48:12.58+00', '127.0.0.1', 'node');
INSERT INTO public.sessions VALUES (2, 'c49d678f0926d71e66a42ce3ba30a5d3db314a596d6215e90ec959c5c4f3728f', 1, '2026-11-23 19:33:12.606131+00', '2026-11-23 19:48:12.605+00', '127.0.0.1', 'node');


--
-- Data for Name: source_senders; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.source_senders VALUES (1, 1, '*.github.com', NULL);
INSERT INTO public.source_senders VALUES (2, 2, '*.amazon.com', NULL);
INSERT INTO public.source_senders VALUES (3, 2, '*.amazonses.com', NULL);
INSERT INTO public.source_senders VALUES (4, 3, '*.paypal.com', NULL);
INSERT INTO public.source_senders VALUES (5, 4, '*.netflix.com', NULL);
INSERT INTO public.source_senders VALUES (6, 5, '*.stripe.com', NULL);


--
-- Data for Name: sources; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.sources VALUES (1, 'github', 'GitHub', NULL, NULL, '#24292f', 'https://github.com', NULL, true, NULL, '2026-11-23 19:33:12.356371+00');
INSERT INTO public.sources VALUES (2, 'amazon', 'Amazon', NULL, NULL, '#ff9900', 'https://amazon.com', NULL, true, NULL, '2026-11-23 19:33:12.358521+00');
INSERT INTO public.sources VALUES (3, 'paypal', 'PayPal', NULL, NULL, '#003087', 'https://paypal.com', NULL, true, NULL, '2026-11-23 19:33:12.361765+00');
INSERT INTO public.sources VALUES (4, 'netflix', 'Netflix', NULL, NULL, '#e50914', 'https://netflix.com', NULL, true, NULL, '2026-11-23 19:33:12.363206+00');
INSERT INTO public.sources VALUES (5, 'stripe', 'Stripe', NULL, NULL, '#635bff', 'https://stripe.com', NULL, true, NULL, '2026-11-23 19:33:12.364476+00');


--
-- Data for Name: stripe_events; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: subscriptions; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.subscriptions VALUES (1, 2, NULL, NULL, 'active', '2026-11-23 19:33:12.35507+00');
INSERT INTO public.subscriptions VALUES (2, 1, NULL, NULL, 'active', '2026-11-23 19:33:12.552289+00');


--
-- Name: __drizzle_migrations_id_seq; Type: SEQUENCE SET; Schema: drizzle; Owner: -
--

SELECT pg_catalog.setval('drizzle.__drizzle_migrations_id_seq', 2, true);


--
-- Name: accounts_id_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.accounts_id_seq', 2, true);


--
-- Name: alias_logs_id_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.alias_logs_id_seq', 4, true);


--
-- Name: alias_senders_id_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.alias_senders_id_seq', 1, false);


--
-- Name: aliases_id_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.aliases_id_seq', 3, true);


--
-- Name: attachments_id_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.attachments_id_seq', 1, true);


--
-- Name: domains_id_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.domains_id_seq', 1, true);


--
-- Name: inbound_id_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.inbound_id_seq', 4, true);


--
-- Name: invitations_id_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.invitations_id_seq', 1, true);


--
-- Name: keys_id_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.keys_id_seq', 9, true);


--
-- Name: messages_id_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.messages_id_seq', 3, true);


--
-- Name: notes_id_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.notes_id_seq', 1, true);


--
-- Name: outbox_id_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.outbox_id_seq', 2, true);


--
-- Name: reset_requests_id_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.reset_requests_id_seq', 1, true);


--
-- Name: sessions_id_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.sessions_id_seq', 2, true);


--
-- Name: source_senders_id_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.source_senders_id_seq', 6, true);


--
-- Name: sources_id_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.sources_id_seq', 5, true);


--
-- Name: __drizzle_migrations __drizzle_migrations_pkey; Type: CONSTRAINT; Schema: drizzle; Owner: -
--

ALTER TABLE ONLY drizzle.__drizzle_migrations
    ADD CONSTRAINT __drizzle_migrations_pkey PRIMARY KEY (id);


--
-- Name: accounts accounts_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.accounts
    ADD CONSTRAINT accounts_pkey PRIMARY KEY (id);


--
-- Name: alias_logs alias_logs_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.alias_logs
    ADD CONSTRAINT alias_logs_pkey PRIMARY KEY (id);


--
-- Name: alias_senders alias_senders_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.alias_senders
    ADD CONSTRAINT alias_senders_pkey PRIMARY KEY (id);


--
-- Name: alias_senders alias_senders_unique; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.alias_senders
    ADD CONSTRAINT alias_senders_unique UNIQUE (alias_id, address);


--
-- Name: aliases aliases_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.aliases
    ADD CONSTRAINT aliases_pkey PRIMARY KEY (id);


--
-- Name: attachments attachments_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.attachments
    ADD CONSTRAINT attachments_pkey PRIMARY KEY (id);


--
-- Name: domains domains_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.domains
    ADD CONSTRAINT domains_pkey PRIMARY KEY (id);


--
-- Name: inbound inbound_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.inbound
    ADD CONSTRAINT inbound_pkey PRIMARY KEY (id);


--
-- Name: invitations invitations_code_hash_unique; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.invitations
    ADD CONSTRAINT invitations_code_hash_unique UNIQUE (code_hash);


--
-- Name: invitations invitations_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.invitations
    ADD CONSTRAINT invitations_pkey PRIMARY KEY (id);


--
-- Name: keys keys_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.keys
    ADD CONSTRAINT keys_pkey PRIMARY KEY (id);


--
-- Name: messages messages_inbound_alias_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.messages
    ADD CONSTRAINT messages_inbound_alias_key UNIQUE (inbound_id, alias_id);


--
-- Name: messages messages_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.messages
    ADD CONSTRAINT messages_pkey PRIMARY KEY (id);


--
-- Name: notes notes_alias_id_unique; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.notes
    ADD CONSTRAINT notes_alias_id_unique UNIQUE (alias_id);


--
-- Name: notes notes_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.notes
    ADD CONSTRAINT notes_pkey PRIMARY KEY (id);


--
-- Name: outbox outbox_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.outbox
    ADD CONSTRAINT outbox_pkey PRIMARY KEY (id);


--
-- Name: packages packages_handle_unique; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.packages
    ADD CONSTRAINT packages_handle_unique UNIQUE (handle);


--
-- Name: packages packages_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.packages
    ADD CONSTRAINT packages_pkey PRIMARY KEY (id);


--
-- Name: reset_requests reset_requests_code_hash_unique; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.reset_requests
    ADD CONSTRAINT reset_requests_code_hash_unique UNIQUE (code_hash);


--
-- Name: reset_requests reset_requests_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.reset_requests
    ADD CONSTRAINT reset_requests_pkey PRIMARY KEY (id);


--
-- Name: sessions sessions_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.sessions
    ADD CONSTRAINT sessions_pkey PRIMARY KEY (id);


--
-- Name: sessions sessions_token_hash_unique; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.sessions
    ADD CONSTRAINT sessions_token_hash_unique UNIQUE (token_hash);


--
-- Name: source_senders source_senders_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.source_senders
    ADD CONSTRAINT source_senders_pkey PRIMARY KEY (id);


--
-- Name: source_senders source_senders_unique; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.source_senders
    ADD CONSTRAINT source_senders_unique UNIQUE (source_id, address);


--
-- Name: sources sources_handle_unique; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.sources
    ADD CONSTRAINT sources_handle_unique UNIQUE (handle);


--
-- Name: sources sources_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.sources
    ADD CONSTRAINT sources_pkey PRIMARY KEY (id);


--
-- Name: stripe_events stripe_events_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.stripe_events
    ADD CONSTRAINT stripe_events_pkey PRIMARY KEY (id);


--
-- Name: subscriptions subscriptions_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.subscriptions
    ADD CONSTRAINT subscriptions_pkey PRIMARY KEY (account_id);


--
-- Name: subscriptions subscriptions_stripe_subscription_id_unique; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.subscriptions
    ADD CONSTRAINT subscriptions_stripe_subscription_id_unique UNIQUE (stripe_subscription_id);


--
-- Name: accounts_email_key; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX accounts_email_key ON public.accounts USING btree (lower(email));


--
-- Name: accounts_handle_key; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX accounts_handle_key ON public.accounts USING btree (handle);


--
-- Name: alias_logs_alias_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX alias_logs_alias_idx ON public.alias_logs USING btree (alias_id, id DESC NULLS LAST);


--
-- Name: aliases_account_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX aliases_account_idx ON public.aliases USING btree (account_id);


--
-- Name: aliases_digest_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX aliases_digest_idx ON public.aliases USING btree (digest) WHERE (digest IS NOT NULL);


--
-- Name: aliases_domain_handle_key; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX aliases_domain_handle_key ON public.aliases USING btree (domain_id, handle);


--
-- Name: attachments_message_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX attachments_message_idx ON public.attachments USING btree (message_id);


--
-- Name: domains_handle_key; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX domains_handle_key ON public.domains USING btree (handle);


--
-- Name: domains_name_key; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX domains_name_key ON public.domains USING btree (name);


--
-- Name: inbound_queued_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX inbound_queued_idx ON public.inbound USING btree (received_at) WHERE (state = 'queued'::text);


--
-- Name: messages_alias_list_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX messages_alias_list_idx ON public.messages USING btree (alias_id, id DESC NULLS LAST) WHERE (trashed_at IS NULL);


--
-- Name: messages_created_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX messages_created_idx ON public.messages USING btree (created_at);


--
-- Name: outbox_queued_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX outbox_queued_idx ON public.outbox USING btree (created_at) WHERE (state = 'queued'::text);


--
-- Name: sessions_account_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX sessions_account_idx ON public.sessions USING btree (account_id);


--
-- Name: accounts accounts_key_id_keys_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.accounts
    ADD CONSTRAINT accounts_key_id_keys_id_fk FOREIGN KEY (key_id) REFERENCES public.keys(id);


--
-- Name: alias_logs alias_logs_alias_id_aliases_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.alias_logs
    ADD CONSTRAINT alias_logs_alias_id_aliases_id_fk FOREIGN KEY (alias_id) REFERENCES public.aliases(id) ON DELETE CASCADE;


--
-- Name: alias_senders alias_senders_alias_id_aliases_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.alias_senders
    ADD CONSTRAINT alias_senders_alias_id_aliases_id_fk FOREIGN KEY (alias_id) REFERENCES public.aliases(id) ON DELETE CASCADE;


--
-- Name: aliases aliases_account_id_accounts_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.aliases
    ADD CONSTRAINT aliases_account_id_accounts_id_fk FOREIGN KEY (account_id) REFERENCES public.accounts(id) ON DELETE CASCADE;


--
-- Name: aliases aliases_domain_id_domains_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.aliases
    ADD CONSTRAINT aliases_domain_id_domains_id_fk FOREIGN KEY (domain_id) REFERENCES public.domains(id);


--
-- Name: aliases aliases_key_id_keys_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.aliases
    ADD CONSTRAINT aliases_key_id_keys_id_fk FOREIGN KEY (key_id) REFERENCES public.keys(id);


--
-- Name: aliases aliases_source_id_sources_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.aliases
    ADD CONSTRAINT aliases_source_id_sources_id_fk FOREIGN KEY (source_id) REFERENCES public.sources(id) ON DELETE SET NULL;


--
-- Name: attachments attachments_message_id_messages_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.attachments
    ADD CONSTRAINT attachments_message_id_messages_id_fk FOREIGN KEY (message_id) REFERENCES public.messages(id) ON DELETE CASCADE;


--
-- Name: domains domains_owner_id_accounts_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.domains
    ADD CONSTRAINT domains_owner_id_accounts_id_fk FOREIGN KEY (owner_id) REFERENCES public.accounts(id) ON DELETE CASCADE;


--
-- Name: invitations invitations_claimed_by_accounts_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.invitations
    ADD CONSTRAINT invitations_claimed_by_accounts_id_fk FOREIGN KEY (claimed_by) REFERENCES public.accounts(id) ON DELETE SET NULL;


--
-- Name: invitations invitations_inviter_id_accounts_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.invitations
    ADD CONSTRAINT invitations_inviter_id_accounts_id_fk FOREIGN KEY (inviter_id) REFERENCES public.accounts(id) ON DELETE CASCADE;


--
-- Name: messages messages_alias_id_aliases_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.messages
    ADD CONSTRAINT messages_alias_id_aliases_id_fk FOREIGN KEY (alias_id) REFERENCES public.aliases(id) ON DELETE CASCADE;


--
-- Name: messages messages_inbound_id_inbound_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.messages
    ADD CONSTRAINT messages_inbound_id_inbound_id_fk FOREIGN KEY (inbound_id) REFERENCES public.inbound(id) ON DELETE SET NULL;


--
-- Name: messages messages_key_id_keys_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.messages
    ADD CONSTRAINT messages_key_id_keys_id_fk FOREIGN KEY (key_id) REFERENCES public.keys(id);


--
-- Name: notes notes_alias_id_aliases_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.notes
    ADD CONSTRAINT notes_alias_id_aliases_id_fk FOREIGN KEY (alias_id) REFERENCES public.aliases(id) ON DELETE CASCADE;


--
-- Name: notes notes_key_id_keys_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.notes
    ADD CONSTRAINT notes_key_id_keys_id_fk FOREIGN KEY (key_id) REFERENCES public.keys(id);


--
-- Name: reset_requests reset_requests_account_id_accounts_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.reset_requests
    ADD CONSTRAINT reset_requests_account_id_accounts_id_fk FOREIGN KEY (account_id) REFERENCES public.accounts(id) ON DELETE CASCADE;


--
-- Name: sessions sessions_account_id_accounts_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.sessions
    ADD CONSTRAINT sessions_account_id_accounts_id_fk FOREIGN KEY (account_id) REFERENCES public.accounts(id) ON DELETE CASCADE;


--
-- Name: source_senders source_senders_source_id_sources_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.source_senders
    ADD CONSTRAINT source_senders_source_id_sources_id_fk FOREIGN KEY (source_id) REFERENCES public.sources(id) ON DELETE CASCADE;


--
-- Name: sources sources_user_id_accounts_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.sources
    ADD CONSTRAINT sources_user_id_accounts_id_fk FOREIGN KEY (user_id) REFERENCES public.accounts(id) ON DELETE SET NULL;


--
-- Name: subscriptions subscriptions_account_id_accounts_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.subscriptions
    ADD CONSTRAINT subscriptions_account_id_accounts_id_fk FOREIGN KEY (account_id) REFERENCES public.accounts(id) ON DELETE CASCADE;


--
-- Name: subscriptions subscriptions_package_id_packages_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.subscriptions
    ADD CONSTRAINT subscriptions_package_id_packages_id_fk FOREIGN KEY (package_id) REFERENCES public.packages(id);


--
-- PostgreSQL database dump complete
--


