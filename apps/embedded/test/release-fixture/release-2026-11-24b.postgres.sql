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
-- Name: account_totp; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.account_totp (
    account_id integer NOT NULL,
    secret_sealed bytea NOT NULL,
    enabled_at timestamp with time zone,
    last_step bigint,
    created_at timestamp with time zone DEFAULT now() NOT NULL
);


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
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    search_key_id bigint
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
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    origin text,
    leak_domain text,
    leak_first_seen timestamp with time zone,
    leak_count integer DEFAULT 0 NOT NULL,
    expires_at timestamp with time zone,
    max_messages integer,
    limit_count integer DEFAULT 0 NOT NULL,
    expiry_notice_at timestamp with time zone,
    notify text DEFAULT 'none'::text NOT NULL
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
-- Name: api_tokens; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.api_tokens (
    id integer NOT NULL,
    account_id integer NOT NULL,
    label text NOT NULL,
    scope text NOT NULL,
    token_hash text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    last_used_at timestamp with time zone,
    expires_at timestamp with time zone
);


--
-- Name: api_tokens_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.api_tokens_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: api_tokens_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.api_tokens_id_seq OWNED BY public.api_tokens.id;


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
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    dkim_selector text,
    dkim_public_key text,
    dkim_key_id bigint,
    dkim_private_sealed bytea
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
    processed_at timestamp with time zone,
    raw_key bytea,
    auth jsonb
);
ALTER TABLE ONLY public.inbound ALTER COLUMN raw SET STORAGE EXTERNAL;
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
-- Name: message_terms; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.message_terms (
    message_id bigint NOT NULL,
    account_id integer NOT NULL,
    terms bigint[] NOT NULL
);


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
    trashed_at timestamp with time zone,
    snippet_sealed bytea,
    search_indexed boolean DEFAULT false NOT NULL,
    raw_sha256 bytea,
    trackers_sealed bytea
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
-- Name: notify_pending; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.notify_pending (
    message_id bigint NOT NULL
);


--
-- Name: outbox; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.outbox (
    id bigint NOT NULL,
    kind text NOT NULL,
    from_address text NOT NULL,
    to_address text NOT NULL,
    subject text,
    text text,
    html text,
    headers jsonb DEFAULT '{}'::jsonb NOT NULL,
    state text DEFAULT 'queued'::text NOT NULL,
    attempts integer DEFAULT 0 NOT NULL,
    error text,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    sent_at timestamp with time zone,
    content_key bytea,
    content_sealed bytea
);
ALTER TABLE ONLY public.outbox ALTER COLUMN content_sealed SET STORAGE EXTERNAL;


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
-- Name: passkey_challenges; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.passkey_challenges (
    challenge text NOT NULL,
    purpose text NOT NULL,
    account_id integer,
    expires_at timestamp with time zone NOT NULL
);


--
-- Name: passkeys; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.passkeys (
    id integer NOT NULL,
    account_id integer NOT NULL,
    credential_id text NOT NULL,
    public_key bytea NOT NULL,
    counter bigint DEFAULT 0 NOT NULL,
    transports text[] DEFAULT '{}'::text[] NOT NULL,
    name text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    last_used_at timestamp with time zone
);


--
-- Name: passkeys_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.passkeys_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: passkeys_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.passkeys_id_seq OWNED BY public.passkeys.id;


--
-- Name: push_keys; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.push_keys (
    id integer NOT NULL,
    public_key text NOT NULL,
    key_id bigint NOT NULL,
    private_sealed bytea NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL
);


--
-- Name: push_subscriptions; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.push_subscriptions (
    id integer NOT NULL,
    account_id integer NOT NULL,
    endpoint_hash text NOT NULL,
    sealed bytea NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL
);


--
-- Name: push_subscriptions_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.push_subscriptions_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: push_subscriptions_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.push_subscriptions_id_seq OWNED BY public.push_subscriptions.id;


--
-- Name: recovery_codes; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.recovery_codes (
    id integer NOT NULL,
    account_id integer NOT NULL,
    code_hash text NOT NULL
);


--
-- Name: recovery_codes_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.recovery_codes_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: recovery_codes_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.recovery_codes_id_seq OWNED BY public.recovery_codes.id;


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
-- Name: api_tokens id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.api_tokens ALTER COLUMN id SET DEFAULT nextval('public.api_tokens_id_seq'::regclass);


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
-- Name: passkeys id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.passkeys ALTER COLUMN id SET DEFAULT nextval('public.passkeys_id_seq'::regclass);


--
-- Name: push_subscriptions id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.push_subscriptions ALTER COLUMN id SET DEFAULT nextval('public.push_subscriptions_id_seq'::regclass);


--
-- Name: recovery_codes id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.recovery_codes ALTER COLUMN id SET DEFAULT nextval('public.recovery_codes_id_seq'::regclass);


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
INSERT INTO drizzle.__drizzle_migrations VALUES (3, 'a6192c0a3d3ab38b690fb22199d03f4d73d53ee749c6362f39217424a1c47293', 1795400000000);
INSERT INTO drizzle.__drizzle_migrations VALUES (4, '6d476f243a4b651842f38ecc2eeee9a9b8ae924156e48cd6aa8bca13ac7f5845', 1795400001000);
INSERT INTO drizzle.__drizzle_migrations VALUES (5, '1535d270b08c9e588044687c99d434d923d113aefc4ee90ce85203493af353ea', 1795400002000);
INSERT INTO drizzle.__drizzle_migrations VALUES (6, '37f6398b0efee7a06cce5fc2377c5e6c1c38aeee924036695ae1b2d33b3b4c43', 1795400005000);
INSERT INTO drizzle.__drizzle_migrations VALUES (7, '821819ec9c8b1e51a2f12ce9896bf41fd78e06f77633509b615433878c3335f7', 1795400006000);
INSERT INTO drizzle.__drizzle_migrations VALUES (8, 'e0393e3c14568829cebe66553c9975e88baa5b7feecbc8fa4309429dda55dd86', 1795400007000);
INSERT INTO drizzle.__drizzle_migrations VALUES (9, 'adc2c3912dba8b1989786040e7f36c0eb073bc414d6db16ce740613d1fe76387', 1795400008000);
INSERT INTO drizzle.__drizzle_migrations VALUES (10, '5f4489ec399f71f2d0435996824a448c6f5a17867aa4465dbe8021e3d473258e', 1795400009000);
INSERT INTO drizzle.__drizzle_migrations VALUES (11, '28936dad909ef9f7cccae7a189f561862e9682e4913c2e5550e07a2446d5a394', 1795400010000);
INSERT INTO drizzle.__drizzle_migrations VALUES (12, '075c2161ba9d6d482769bdf8587a47fd41eabd12962b7c1929b7dbc9db2d4099', 1795400011000);
INSERT INTO drizzle.__drizzle_migrations VALUES (13, '51930b6237f5cca11b25856796bfc9f7be5d16d88eaeee06e68da566300e170f', 1795400012000);
INSERT INTO drizzle.__drizzle_migrations VALUES (14, '3026d5d717677651f97d9068067c1e2f1f2a127b635eb17c15be69e0e9f3f1a9', 1795400013000);


--
-- Data for Name: account_totp; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: accounts; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.accounts VALUES (2, 'fixture_member', 'Fixture Member', 'member@example.test', NULL, '$argon2id$v=19$m=19456,t=2,p=1$h0YEoG/RaBRdIoM4d1BcmA$rDwAvY3y9IKsKduqOvDFBhCUDv6LNMczSScaa/2cAGQ', '2026-11-24 12:34:58.697+00', '2026-11-24 12:34:58.697+00', NULL, 2, NULL, '2026-11-24 12:34:58.698372+00', '2026-11-24 12:34:58.698372+00', 8);
INSERT INTO public.accounts VALUES (1, 'admin', 'Admin', 'admin@alias.localhost', NULL, '$argon2id$v=19$m=19456,t=2,p=1$gO3ivx3+Hr0qp2lhTCjiNQ$ND9wcv+WpZguz/lMxqS+8O3D0rWcCyethd6DD6nFQN4', '2026-11-24 12:34:58.471+00', '2026-11-24 12:34:58.471+00', NULL, 5, NULL, '2026-11-24 12:34:58.488437+00', '2026-11-24 12:34:58.488437+00', 11);


--
-- Data for Name: alias_logs; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.alias_logs VALUES (1, 1, 2, 'PUT', '/api/account/2/alias/1/notes', 200, 'notes', '2026-11-24 12:34:58.822944+00');
INSERT INTO public.alias_logs VALUES (2, 1, 2, 'SMTP', 'DATA', 250, 'delivered', '2026-11-24 12:34:58.976644+00');
INSERT INTO public.alias_logs VALUES (3, 1, 2, 'SMTP', 'DATA', 250, 'delivered', '2026-11-24 12:34:59.08305+00');
INSERT INTO public.alias_logs VALUES (4, 3, 1, 'SMTP', 'DATA', 250, 'delivered', '2026-11-24 12:34:59.196845+00');


--
-- Data for Name: alias_senders; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: aliases; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.aliases VALUES (2, 2, 1, 'jolly.glacier7835', NULL, NULL, NULL, 7, NULL, true, false, false, NULL, 4, 0, 0, NULL, NULL, '2026-11-24 12:34:58.787966+00', NULL, '2026-11-24 12:34:58.787966+00', NULL, NULL, NULL, 0, NULL, NULL, 0, NULL, 'none');
INSERT INTO public.aliases VALUES (1, 2, 1, 'amber.coral9707', NULL, NULL, NULL, 7, NULL, true, false, false, NULL, 3, 2, 2, '2026-11-24 12:34:59.081+00', NULL, '2026-11-24 12:34:58.76736+00', '2026-11-24 12:34:59.187+00', '2026-11-24 12:34:58.76736+00', 'shop.example', NULL, NULL, 0, NULL, NULL, 2, NULL, 'none');
INSERT INTO public.aliases VALUES (3, 1, 1, 'jolly.fern7520', NULL, NULL, NULL, NULL, NULL, true, false, false, NULL, 6, 1, 1, '2026-11-24 12:34:59.192+00', NULL, '2026-11-24 12:34:58.802921+00', '2026-11-24 12:34:59.185+00', '2026-11-24 12:34:58.802921+00', 'shop.example', NULL, NULL, 0, NULL, NULL, 1, NULL, 'none');


--
-- Data for Name: api_tokens; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: attachments; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.attachments VALUES (1, 2, 'invoice-1001.txt', 'text/plain', 32, NULL, '\x9f7cc07bcdb687d201cdcf9094b89d85dd3ae42bbc1ee125135420db3809888efe10e5d9cde70d760e1e6a68e0077820abc9ce30ebdc4e9beee41c52');


--
-- Data for Name: domains; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.domains VALUES (1, 'default', 'alias.localhost', NULL, NULL, '2026-11-24 12:34:58.468+00', '2026-11-24 12:34:58.468812+00', 's20261124', 'MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAo78fO3T04t3OH37N2kH1QAahiePvqmCJMFA6qbFZLbWj+lViqcUWJYkSA6dvIOxgw+WvEaekcxMxsiXGSuGV/wEmqTh9mUyk/3mVLDfLDE1x2CXwt0dHXVwzTJFtJQdwd1ZLmdadgsIhIfFQse0/fDVP8DanNxWwbVEZd3QQI669c160uAWUc1RC2fY3YHpjAbP7zU9yfEefkVkPhPMY8lXKyBn4EzzoWf3s8CX2szCQcvpHR7YdSvFmqWaVaFEo5w3hL23OkR4YgTyZ0L1lGk/Y8jamoWTZlHsBAgClXnWTuweqYhFadZxQiDuNYWNtgmy4xb9dtKnMUodsJqXhMwIDAQAB', 1, '\xf7126266ad8e6da7f2cc9c587ecb406f9cf7566641bc8df6ef079d218dfd470e1cc9353ba0ae95dd27e1958f8b6c5d591153e6e391c322b6ab26b4541927394bdbc6a635fc3cabd8d1cd826f13285b2d67f29a278baa244f07f51b7cbcf8fecf6182dc2b3d0a6ab0d2003784e83f1a1992fe74d74d4a2fc9d31c2fe5aa1fecb1f72835dcc19fdffdb7a6e2f77511afe831e307c999f36ee5f3a2d065fa8975a84866d2bee56f39e06e3008ce32f35636697838284afae48190a0c4ec1f9879ce6a35c7f1b4c210c634568d5f546d91be58e822b09c1fb4470a73a8930e2139519118f3e0792a64d98ae60910b2116a853724a436d934b6dca6568573cc82d92d00e6bd7db49aa0b82331e34be2d48d8a575829e71c10197e67c797ed818e6c9f7795e190b1f7006e3500e485d5c1c439798582787cd513a177b8facc7e87b5f75abb18bab73320dd6bf34985f6014e7b49930d7127c92ea8ebbf2d32f51be17cb31fd8ef2d65f91529170eca29d7674f93cc98f273653b136c6bd546cb55c57f51cc9e20fe311a5f3f763cfd7240a94f7f603a3091c18aa5eb73c96b35d536aa4df8568d619064452460603ba21abbfcb3377136acf39dfdbf38144c1bd9e9c1a77f5a86d12f607e6fb97d33b3e60d21b6eb9ecf5db6a984eed53170e2cd97739f366674f87dd717000877c6608cc413294560bf758eb65b23b7bfe5069983e520d8d11b73c8ea5158f8b4b3b20f4b6f5baed58caa7d0da9158efb12f8d5ac3c83029eb41104824f9ba4eb1138337b17d5b0d052e2b30d92d4ae83a3c3ed6b29dbd905e90cf0f83470243dffad5290682d244655fc003fe619e0512a94f10ef5156021511c196b4e60295a9e61a42ae00275644e898b2cb78da3e375960154bc1efdb535b21e7eedc0b0bcb1eb466c97fdd3e2bc8059f3fc27117078ef28628643a123780c49a10fe76660caf961c4341938d0a54da1efad58567fc22b6b412ec0d3fc59d0ac2b008f08840a25c8e887288f5e6e11e95d221919883f464fcdc70c99ec9d335c813029929c835687d60f5ed6f4e03c33534b121bf8e147a126438d4280de8e5d99bfb0be5f6a23c0b329f8ecb1fa9260200bd7b352b80d3da3bde6e2dabd693529995c10b310490aea14a0bf107c3d52cf8d7088fc59fe277e0cca61ac5b15e2ab799fc6866a59c97f6bdbf28b1b2379006a9172cb37e6ada74e43e39c449f1012a57b54de55472e07781479419ea6a5c9ceab4cb98c3a3e6b16c11349dd125d278ca9b33f259c61b4925f8a6e44d9325414d10383fd71d71373a6f17e5f2a2e68a329e1c8584eeebd4fed78ca48a4d1980451fa0682162fb078e01d494cdf9d806ad7809eebeb63e9e5a4c2f4e76b083d20c0bd273abfb154b7a3bce543df67419e8212a8797fb78e52efd66cc283268fd27506fe2d04d466f1874723e02af9f53cf413ec6b6ff723a2f75d2ad564e94e687f5857bac9a8f6774c1780e54309ca093b000b1ddf2ec0b6836103651cae49e4ec618fc2ff95906bb3203a60493af7ed195cd775d6c12b47196f261535d7abfd6e3dd8ffa0346142e6140f10cfda4b15f0ac0b0f38f34a7b6725f028f705061efa238bb73c77041ed869c48ef6c4defa317125df28025633cb06b1aa28998115792d3bc9ba0e8a7c7979767cb932826e161ee757a3d7c3417c30bdb8227e47000692507fe9db7261c422eb4bf5fd0559e81314f6e7fcaac46fbb56f7995cd22479609b06d0bd57379760730ba0008465cbaac0cc88bbb3daa6f518b9c0a1a31903919c7014cebf388519f9458e38509c570f7f41c7ac4764cc7cb39f70c92991f422f268cf3cab9a1e3b39a5a6f8e940ce226cf2fe0aab79268b97d36464abb303cadb5f7f55f591e4ba940d39caf2eb22429e10d3c87e7f6cd7a9cd9e2f9c4d3130ed9b7155343c7d1a4d8c1fb40420d8d2a2cb165620d7cbcb24ca056d904060673defecff358afa07c3906ad2899c01638e08a0a33fff8a5184f53099efdfd1f5dbc92decd3903ed71c7addcb06328daa1943f9de573fef3f9e06d859d3c847f33f7bc80043e095ee4cf33fa80853c71ad29ac78e0cf86bce972f78b18b6050d8790464308bfe4d6354e1382deacbf9d1c330a9031efc8e5290e0b32357f9c042e7f6d6b8ba13b2ce939778077d620d9e0ca68eb1ab6211cd2a6dac31445a56c996aa4c560fc2f34f722020716ee91ce4e5955b2e09d87a434a3151a53a34344257bbb2b6331ce0c0fea1f1bfb02aa523b2eb66b434604649eab15cb60aa7d782e387f9a8dea7c3393976a4f26ac444e8a8147adf024d71c61ab7efdf88fa293f70b1f7e37c20f6f21d9fa7c0e97cd4c02a7fef09bd178c876df08287ff5478bbfcd537c34849083a0c2b836b2a95478fbdf0754e240bde5ea9d0b11184835d280d1f43592a79c2e81d13cc8ef7d0');


--
-- Data for Name: inbound; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.inbound VALUES (1, NULL, 338, 'orders@shop.example', '["amber.coral9707@alias.localhost"]', '[1]', '127.0.0.1', '[127.0.0.1]', 'done', 0, NULL, '2026-11-24 12:34:58.952547+00', '2026-11-24 12:34:58.976644+00', NULL, '{"arc": "none", "spf": "none", "dkim": "none", "from": "orders@shop.example", "dmarc": "none", "policy": null, "sender": "unverified", "signers": []}');
INSERT INTO public.inbound VALUES (2, NULL, 1019, 'orders@shop.example', '["amber.coral9707@alias.localhost"]', '[1]', '127.0.0.1', '[127.0.0.1]', 'done', 0, NULL, '2026-11-24 12:34:59.071335+00', '2026-11-24 12:34:59.08305+00', NULL, '{"arc": "none", "spf": "none", "dkim": "none", "from": "orders@shop.example", "dmarc": "none", "policy": null, "sender": "unverified", "signers": []}');
INSERT INTO public.inbound VALUES (3, NULL, 630, 'orders@shop.example', '["jolly.fern7520@alias.localhost"]', '[3]', '127.0.0.1', '[127.0.0.1]', 'done', 0, NULL, '2026-11-24 12:34:59.179617+00', '2026-11-24 12:34:59.196845+00', NULL, '{"arc": "none", "spf": "none", "dkim": "none", "from": "orders@shop.example", "dmarc": "none", "policy": null, "sender": "unverified", "signers": []}');
INSERT INTO public.inbound VALUES (4, '\x958033602dba1cf96fb5e40b2fcb077a213f0b45d43ea2a979920a229480d427a5b06d2b6d098031ba92ea14b789ae2061f9346fa8f743812bc396cbd0055919eefc701d1a6740f2f9dea621871f67beaee60e1a88fb34fdb1f8f878a9139ee025840cc360b9d1deb84f7f212a388461ade58b248666a9e8a696b298edccdfc24b5703ebe5bdb087a75a7f94204ec861eb54087693e1c75190295c2bbd22ede1c02840af13ac898c356ac50b82edad993d145c9ad55733a7157b1555589db2d1184bc059595d3ca2463a4380ca284e783995b7f5ad555bc17ac7d94326ea10aa058f13a9254a72a5fc39f84d0d91bd5ae6711a74575d2599465bb801b3ef0be5000de04277c5c7367a9cebe65b61f0aa4a6eea20236ad0b45ba9468e9c6dd15dbd0fab3f3b8d4a75ab49f98a48966c8aa3041be844e124b16067f7f97959e35f8f9b7a190277e2868befcc76a3a151c54c62a97ff52fb2d909261b1d8652885569c0e082d0a3d8995a8e8108002baf90', 340, 'orders@shop.example', '["jolly.glacier7835@alias.localhost"]', '[2]', '127.0.0.1', '[127.0.0.1]', 'queued', 0, NULL, '2026-11-24 12:34:59.440962+00', NULL, '\x68be727e7c09145081389a73eca38cbc62a8cb75e0eff5ccaf88b23c2673c2d7cbb4959785983c84ff15a3437738363b17a1dbdb23e1587b0bda0215fa', '{"arc": "none", "spf": "none", "dkim": "none", "from": "orders@shop.example", "dmarc": "none", "policy": null, "sender": "unverified", "signers": []}');


--
-- Data for Name: invitations; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.invitations VALUES (1, 1, 'Fixture Invitee', 'invitee@example.test', 'Come and see.', '9b5fccbb4c71a90707125849a13530019b12606792689417413a71c711aa0320', '2026-12-08 12:34:59.306+00', NULL, NULL, '2026-11-24 12:34:59.306769+00');


--
-- Data for Name: keys; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.keys VALUES (1, 'aes', '\x210036f05e97d3a9cf970e122102de3764db560cddb53b0aba60a931f60e824af6f64d6ae674a0a19a2652caa11b79cd2d9c83d560f616fb1080147aef', '2026-11-24 12:34:58.522389+00');
INSERT INTO public.keys VALUES (2, 'aes', '\x25d604cafd9b473ba28e59562cdf293f70a7bf1e4bd774476ee75462a020f33ca3fd01b417be3cfce59ea0ca08844af5ee484d3258fbc041be4518abf2', '2026-11-24 12:34:58.76736+00');
INSERT INTO public.keys VALUES (3, 'aes', '\x53365866b829bca1a766a986646e7be887c9456384dbac0a5d3057290d3814758129995833c3d1e01a548aeba83cb21f757610d1d1da34dd338a42afa0', '2026-11-24 12:34:58.76736+00');
INSERT INTO public.keys VALUES (4, 'aes', '\x1682511f9674689acb59b447533049406bcbd1dac3f0ad3561a805fca543d0060477913f474b64d85daaa3ecc480327d210470bb21fe7b4345d111091e', '2026-11-24 12:34:58.787966+00');
INSERT INTO public.keys VALUES (5, 'aes', '\x541043d0ac9c434c9f50bd3df747f34f877d9e884cb6a6dfd8d2ed4feeffff7a7ef4bbcd284f9bd50a11180a87e91976e95deae2139dc818cf091bb244', '2026-11-24 12:34:58.802921+00');
INSERT INTO public.keys VALUES (6, 'triple', '\xe8f89a51bc4e7b9ce27249a0d537fb5d1b69df91c81118801a1c20e3dd004a6b5da4b58fff751d9915db2d99d7230d7b8eb55a1572af6c9c00efd1432035bf8ec82bd1f133509b2729f516af877b3ec440054619ccf71ac6d6181b7bff8238f39e68f6ae99f82e0d539bb111859536e79a4706f8e44d13ad2c2f3a2d82', '2026-11-24 12:34:58.802921+00');
INSERT INTO public.keys VALUES (7, 'aes', '\x216f920241a576ef03e00e12f70a2e86e418c1abd85a02a335836e727bf4849f2cc63c7f299b00a8902b1cdd0a6d6e833076d0b465d819cc76760296d0', '2026-11-24 12:34:58.817995+00');
INSERT INTO public.keys VALUES (8, 'aes', '\x03486a1dcfb0e8eb70347d26ddafceae1dbe97b83668adee2e98af6437ebca474585a2ed47494f3436e8059f4f073f08c0aace78ab51cbda787634733a', '2026-11-24 12:34:58.972589+00');
INSERT INTO public.keys VALUES (9, 'aes', '\x83ab4c69a0124dd26797f369535939e336e1fc2749853c834d306a51106d03be562ddfd89ce153181b1bde972c0d0a85ab7d9957d6908848cf105fece7', '2026-11-24 12:34:58.976644+00');
INSERT INTO public.keys VALUES (10, 'aes', '\x0c0a6a3ffb8ee9e8650e2b1f13d320a0dc0e2856a5a990593df396f975990f00440b047f33a120e051074bf968d1fb87b64c2754212a5639aceb1b1647', '2026-11-24 12:34:59.08305+00');
INSERT INTO public.keys VALUES (11, 'aes', '\x92681990f6429c51d08c46a306ec2e9623bca0817ceb32a8f425e24a3ba2b72a81a7a4ba7c5a9ad4dd1e32d8c7ad08a178e585dc6bafc558e040f01c0b', '2026-11-24 12:34:59.194485+00');
INSERT INTO public.keys VALUES (12, 'triple', '\x386a34e62d9047648af9058e995bc4391297706484ca7baaf4188355e9af503bb447b9a0954007591bf8e6fab9fe979f2e5e060063cd0ba3af701e344ed3812fd470e3fbcd68a72291d1ff09cdd539d78ed97e9c8481e9f44111326363c6984addbc64fdc3b0fa28b4eb3723471dff7f9da288712e238b85bb4836fd01d995b7af5bdf4e68c4488db2f41708eab809c9d0f01ae2e43689f3d47ec7c6c67a596d9790411e924a50720ccdce5f8b2961bb2f1392204a', '2026-11-24 12:34:59.196845+00');


--
-- Data for Name: message_terms; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.message_terms VALUES (1, 2, '{-8732287392715295006,-2537251320712291561,820633489479733329,-2673447711950365564,6422683088057329078,8026676820245886209,613586763711562371,-4743244138682968048,-6669131163502617150,8720490138026166348,6633093609413130925,479209459075157864,-9003886120333923762,-6284575784532162389,-317097788831249165,8515327988984122287,4412871519195776684,-1760608424907989572,-8887083005955061494,4318667800589546236,1301318246225494105,8095294855715168376,-5692038478626257172,-1661104938202054067,-8346441868982246480,2465964092803522472,-563142149839503443,-8346060123984347190,-2775622356653639642,1660838542472347951,-8403326256015736015,-5710824168293781472,-5776158640633316546,1923016147966246270,3360944630633657434,6270198237587237953,-4625069337287413733,-7954405068218146417,5978752229008512100,3487873839644900811,4256464600525650934,-1011112026632775056,592499429430346721,6494070182720056003,-9150452032321450029,1449539044253002605}');
INSERT INTO public.message_terms VALUES (2, 2, '{-8732287392715295006,-2537251320712291561,820633489479733329,-2673447711950365564,6422683088057329078,8026676820245886209,613586763711562371,-4743244138682968048,-6669131163502617150,8720490138026166348,6633093609413130925,479209459075157864,-9003886120333923762,-6284575784532162389,-317097788831249165,8515327988984122287,4412871519195776684,-1760608424907989572,-8887083005955061494,4318667800589546236,798995972665294591,2310371953941971583,-2313633231981251906,-625623309412024993,-2743718167102166034,3738721212550927688,-8648009341986427611,3360556192593254192,-3721011192175181511,4146117951278126342,-5298949100530246438,8356044576098147502,-5867300387489360156,-2574168849813816768,1818186488965038699,-1266618044933279688,-7802880176763665790,3208311505128246712,-4541164319788605385,-1060619363368409077,1437961994841085062,-6115613486044066304,-9064859828897846533,5431321124841008087}');
INSERT INTO public.message_terms VALUES (3, 1, '{6109384826400450580,-3163120712699645959,-7726917691393553771,449926795775315904,-4952966875542437141,8252681784810166454,-1675580547144902601,-2400566032670237198,4411926206041311601,-5666784709657201340,6502272457725733627,-5158564478152117983,-5430784943661923005,-9021074862999941721,9216833919752791179,-5464922663530256987,3471241292854658974,-6659974555152865278,-5574943034872416621,6245261370902677695,8750123502164597443,327148922397697255,-3029224304540202042,5391052255681897893,5170662783921915980,4442829700100346065,1169127467848519052,-2046670426220831597,-437619153846565440,9196267806016027625,3722222445624789596,-3929645413976620120,4401430877021312443,-8218966428216320154,8062596366337404250,3222983037474364323,941367511180671392,-2159215497918074945,1906346266923680891,-4688739011770466490,-4602826523790025332,-1048051407938036270,425825132404934928,-2207146338996557409,-5703790025736100832,-5762236370730518324,-1514986952407903228,-5450038427080125068,1763840890041341492}');


--
-- Data for Name: messages; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.messages VALUES (1, 1, 1, 9, 'in', 'ok', 'Fixture Shop', 'orders@shop.example', 'amber.coral9707@alias.localhost', '\x187dd147a4af9570ef832796830ccb7f2ebfd82918e1e19318ecc406ed0acf1e35955d7683d696d42aa2ccc036f142bd76ae2a4115c24e91', '\x0c6809ef5a7722fd3b2621ced90dd29fb94b65958c208b6aafcd44aad8e9534f3b6beac0344942d5f4de58fe2121cf34c0e506625c3ada83121be89da379645b25e009c6', NULL, '\xf2756eb0bc6f2ee793fbd4b4fc9841db19ced73120af55447b8af5a902264765062da33cadaaa4b072541486b81eacfb7c840e071221dc794604ae4baaa256949f985bc8df8504919d5da5f3606e820da56b0c1aa77101141a44a28b470e314b820f4d62da55a6d0937ba1c401a57cad5f9bb28e56fd57c801f67baac9bd7064fb0e94573b27611787067a89964d88068e6743741999700779005ee33076700595584f8c50ba1ae93165af1889c5ea9de46e2fc144f8f3bffe07b03939851702bdb63fdbf149813fc26e5930b65838a99b83a3b683ae554f60039103ab5940ec278e92b17f8e6009b07db4d472e851a2e79d5018629ca38b3f4fbd36c2c7f45b6e61534401aa6dc23f27dc6a739cb703dd34103ffc2370477a8ecafe69796924a0651deab6c6187a2bac3aa35b60a462c29df5a9f92ea171a25e647e636ab697fd9fdc220beabe7daef674150f6e492933b19e319d4b8a447e54993b6ce9ca553bc5dfdccd0e355dfcf66669e1fd', false, 338, 0, '{"arc": "none", "spf": "none", "dkim": "none", "from": "orders@shop.example", "dmarc": "none", "policy": null, "sender": "unverified", "signers": []}', '[]', '<9403d49f889e0e73@shop.example>', '2026-11-20 10:00:00+00', '2026-11-24 12:34:58.967+00', NULL, NULL, '\x21414089c7b7081746f527450420482ebc7a16959f5c7aaf92b9af398d5ecdcdb6a9894982fd0f46ff96496da84fdc323afbcefae4fde4deb150ede33979dbedc526bc', true, '\x9122c6f145386d15dc3e74fa376dc8a54c183ea656b4650db24e651d92de3ad2', NULL);
INSERT INTO public.messages VALUES (2, 1, 2, 10, 'in', 'ok', 'Fixture Shop', 'orders@shop.example', 'amber.coral9707@alias.localhost', '\x3b308df87cffaa756a3e90fa18a5ca9fc5360e50484f9b5992288bc408caf54b57da0a0903b4eeb021307a14a8becd143ac46db7123d27f3e7302e', '\x9d6a78804d01ffe0e66f7b09bcf335c43a999f5a95f0c8d1d17bf8757969f6321a6d2559931da3254d681d2a9eb24a5fc06281ee4b13af9c39d3c860', '\xcf28d10649c623a5d3e05393b25c6d4077efa4e5521faf7353d8e13018816d4c74c20d07f13448eb3ccd7c2ee70d3571ef6a5b350667a9d78814c329e9dfa41a29a743365d4c65c61887', '\xd5efa270a86c57855af6bc992de1f3f922d41f1563ae958a96a2f9f832831de965921659727f08e82d41c65cbbc2c07374f4d370bdb36711317e27375b862c49eeffff6c5cc419568fd83ddc83db9e0a00c9b37f0034e2ffe49ab639a2f7feded87986e3467b69206eb3ae09bb27cc3041747cb1dc7af5cdf6c4659a6fc2251493b938e844c8acad6be222dbd2c820c8fa066bbe086792f89f5d45670513fe93e9ad42ec6fbeb555c9cd4d36e5b999fab04323ef40eafb26a9462811ec3f62e4e1423d6af6ce0b23349c72e650aa4b523773bd58d60128b3f2821729b8e094c9ea2452328d215827a08f3d749c80003c6ae4f5b2239305d4eae7b2bc79f4c6f983a9fdb48df94b9cba99409d83904ef4d9a6c536a3299cb74119dd38104b3152a3a85b7d317ea7d17e5afa65f86c311ab8585deea3c44f06ae1127e01cd1f2903642d0c62d1b50d0d497b5312e238d4a6a48464545427f1d6681d970da1e3d6c33cfc189d317b3b49d15f24af083047407c89403bed224d26bad253410d05cf0b99b0ed2d67b47633e979a33b09e10daf42856d9ca903fc8c158a30f15f4abad393ca028ccd3ff8ec92fd9923acaf35c1ad3301b1ceeffec030eb8291c40386364de145a6b849fbe76c81a63b318b17e71ca381f5fe7119f134fdc5235f435f855cf4f963007d315365b597483f5102768815f742d242fe792e819390f0e5643bc22aef8397a9cabd9dc8ec90cfbc06fdfcd479ce203f712b69b84006c8e162beb1e3e7e9c8a13a066d83bf1c8a259d4541b145e5803eeed11228f3c22ef31cf31a85046badc9dd70a5bb33f7ebfeaa93388498e97ffac89ee2b6567ce6867efa0319825bc9066bafcab2024b0e068c54a1a4ba557af7f82854e14654b8c4f091407cd7c2ae44c8a1207ba4c7f4fdf644bf3122cdb4d1c2664a9948d2c8a278b3c3ca8572e4ca3ca0db4ef9433aea5ae5d0a6c463662b89be68a1b8ce1197b1f5fbadfda3f8953f9904ae671110ac5a0377560f83f4cb79aa7d697f313ac169d1236547aaee0e11741ed66da79fc22cab755ddc90b783ffe6ef36ea37610f0e4802cf0935a145de339d303395fbd32af725e752c85053f0594c2d87948ddecebbf8e59f627f2bba304c4286e57148c7ab3ca9254f5f3a64dded8c44fa650afba91a1c4685ae0f1ded051207ddd945377da08cf7e479fc45c757d19762897e5b23fdea161ecbd8b74d2833b8c60059cebbf79552023b6a25ecd92b8265ba66d9ce1ee1113d765aff3cd0d75654953d39f272f8d8f4679b7267033ab0f966f679f2f1687310dd82d5d2b3ff726696321d8ad7b9f4fb70a2adb3374135f7cdb6cbfe4a3353749163e159018bcfe7d84b2e2a796fe421119b9395a4eaccee748c01056cd69e6e1601858e909e5851bac0223bcf2d21c9eac33ce41b8692ca52ec54664f78cdde1ea2ef033d73d8065339059093217604c06c8', true, 1019, 1, '{"arc": "none", "spf": "none", "dkim": "none", "from": "orders@shop.example", "dmarc": "none", "policy": null, "sender": "unverified", "signers": []}', '[]', '<666d4f1605c58500@shop.example>', '2026-11-20 10:00:00+00', '2026-11-24 12:34:59.081+00', NULL, NULL, '\x6ba3422b82bf1ea3711c1c9e7147aba9700b2b3a8062613b23958a673547bfc7c3f933d25a6f66e5a5cf37855e1d586775bb709a61e10f34eb514dfb', true, '\x699aaf893849520e19c34e4510502b1205d846259e2af3fa558ce02b419b3374', NULL);
INSERT INTO public.messages VALUES (3, 3, 3, 12, 'in', 'ok', 'Fixture Shop', 'orders@shop.example', 'jolly.fern7520@alias.localhost', '\x4f710f20cb7653e99a6ccc7c6d8cd1a0478621fbcde06f4c3ece31f9f747ff123269e104a0880132f4c9f8fadada95ffc87ce0449f0943a878fab60fe16b756bbd3fe12b7e61c171256b22f06bc475349665e44cfd6b68a7c7464fff60f6e4396d9476fdaa9846eaae5db451090c4c57', '\x4febcb05b4337d41c033c54b73b0d59a88c48c0bd9e220bea26dc24eadff43a932b03269f09dee32fa81642e567b2fa296c0887057f6936ecb85191fcca0bfdd040c0632a155010c32cf2ab71f8aa372a3e89a423c389ac0de928c03c8aa1bc527f557db8079ce555d4e3e84f244c6cb2923', '\x2abae51ca1d2533c7741e57d026833865a597a481070ffdd2c7aacd09d9e5e176cc0d07b4c8de24aefde2810548b4468166b32e9a3256f353b38c8766a6a427f88df1575eb285c83cd63f9b5ff36fd87e3851b88bd1c6956b5affa12be442cd703bf13e8a1f863aefaba193eebc7ea38802970138012f371ca', '\xc1e77500c877b1fa8e21f47e9fb2ffba0ed3c3e2e6088fdb5381342073002e99372f186305bc047c49c4326b6e3a7a9559f0ff9d7dad5d63bf1b896b975ee31f04adf15036441f03e04b00cbfe6f1a470be4e7138b98e37e615b7dbc99c317a74687c5b8bf8f730e2f70f58c07a1cf4fdd6280480a4f75621d2eed5c997471b703d7e855455083ad39b22b61da9e325c737c1e98a52f8e4edfb3fe5982b12330bf20bd87c91f7fd4995127be487a5039d2b15ea092d058a8c7c6e970ece54f242f7564487c955e3793515f482dc8c868d9033cfee1e1e6b52b5dd5240858e2a29578969d0dde45d33f49558d561cf10736417066eb6e44eae522d5efc4fabcfe27f457615fd7518de66bfdae2bdfaa19e230ef42f1d4b3d65f21ba199a967e2f66124e67896f2e5790f600e14065f9b53db7ed616cd5d020cc4b555a05ec3df212ecfca7ebc329fcf5a9a0fc91a11e13e8423c10e2a06187badecb29a3cacf898951a9b62c5f1628bbce8f6d1e43f2a8bbdcbe043313b6e392f2fd82136375c6876504ee4096bbef43b28d203ba2d4cc4aebcdc69b0a6c6153450bc29aa786101113e34fe43a8797997a491ff872055e075b2a8ac49fa881a97bbe71e3cb55e474560cbf97559652728570a24aee6f30e9b9ba5ded91b6baf1088fb80abe4eed942fa4ac12e32cc5c648118327a606713b6177802811d7024128a85f4d02c718815e47a780c9882bd86236ca5b7de7bede665ed2fbf12981fb28c6d66ed592a0fb20038c290b2d7e2c178bfdd631b6b379bbbadf96ec74b574c5581a5dca1a81da734295e91b361b89d5166143d276abe372e7c691b7e38a5b1688128811c48c0e5fe2114b7e1fedb218e7996502337c991d038800878feaf4562d3d7aeda62959a21cc6692364d589df8e657c4a8168f3fc63389b757100ba331dec5c9cff64a56ed91acaca69e38cf8589e342255776b6b6b24e83deba7a4f0a9380be17a04e67c899d9924840d878c', true, 630, 0, '{"arc": "none", "spf": "none", "dkim": "none", "from": "orders@shop.example", "dmarc": "none", "policy": null, "sender": "unverified", "signers": []}', '[]', '<9cce733d8e1fdebe@shop.example>', '2026-11-20 10:00:00+00', '2026-11-24 12:34:59.192+00', NULL, NULL, '\x49d6a58e56a81d1da9b309d3d9c1da6080f8ed141941cb6d73f58959a398434ad578c7a6317d65d341a68b172014fb27ce092c04f41a0b0a4b1629075eed5020a3dece0fb079b8eca8168e71ba6a0d8559834c294c12bdf875385d0dbddf74f8287d2152aa7338ce09769333a40216f439c1', true, '\xd703a6371f527593f8654e7c555f1356e722362423167806f06ff98369409d9c', NULL);


--
-- Data for Name: notes; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.notes VALUES (1, 1, 'Notes', false, true, 7, '\xe0e5f7e3bc7fd4ccd05dac00cc2aa8519db51fc0637b116f67590a0e174374be5cfb16e4f2c0c9e4ddd323d11f83dfdbda07044a98b259346d3128263da36ed5349c3243323095b862892d3dbe86b628814236df576c', '2026-11-24 12:34:58.817995+00');


--
-- Data for Name: notify_pending; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: outbox; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.outbox VALUES (1, 'reset', '"Alias Mail" <no-reply@alias.localhost>', 'member@example.test', NULL, NULL, NULL, '{}', 'queued', 1, 'connect ECONNREFUSED 127.0.0.1:9', '2026-11-24 12:34:59.305862+00', NULL, '\x4a3800e73911dc4127a51fb53014b63c33c3d76f67dfc0459e003372fded587c902156d2847cc500f9dffafae5c6fbea8d385d2e99c9366c27c34d7839', '\x425e92bc009507d71c287aad8c483a671a9fc8f832d27e9c32b05fbff4c66a8be8789926f8bcf5f17b4222097014a206284e111e59a711873b73c65f31773e0943ec17b5bda13042fa22a45cd23e6e715ea67df7ac8eba454c709343e1779ae3153eaddc9ba6ffc090e129a984d54a04fce9748dbdd34600ac0429cd45165aa3bc8d56eff179e8055a4ae5ac72d1544697ad3c506f726e59a318cfa6918a331b79e8d731671d6a549f9831b3fba2a89c64a678ce2dd62ece613d67c2cd0632ca91fb4831dd1e92b2af21aeed6e4d7a108d9601cc3d569489ad6b221614306f023afa6881b2c6d559c1f320ef9baf7ee33613892bcf460c81cf9dae364451efa2f7b18d635b13bbdb0b7b8667662a25595d70ca016e1a604c0414038c3d1772e79675991a7bf572044f95981ef1c6969205216a4cb2239bf49eb1186654dcd8b2ec2ca6a32ca8400cc95933696a7523c337903fcb5073f299579c2c1cd7de5208d12f61614d74f69f795961a8a948c31170b2cc34033a52647ae2aa5d524375318ed0158e9cd3964c747811a065ab39f1c80c3b8727f2810d2b023899f2bf72842076a89f62435353d15af0ebfd84a52544994d91d53c1ccb6722e3c9c086dd1c8ed5fd1a1442626246ed82fc3b64bec1040e2ad20a0200b4c88599e440422b980ef820768cf8d9a20a4032e280e4ea21404c017785e852bf5e905d993847760dc1dafb284f5c75c00169f7bdb96b2b1540ab8b24a0b60a5e912a0650f1916a4ee8abbda2d90e1889501628774cb3fdfcd24d2dd843e7f96ae2081879a1e25e7d98746ac12f4a384a14f661ed7213a171bfd6c124ea6d89954777cd137757c29c77391361256069d01dcfac2fb00468ba1c337db48e161218fc620c4cfd9fd8d06c9ec4b0342da5fce0337483f167732ea6770ae84d4bb0698a6814e66171f6c9189a542439776578e6be22c674f6b06bb7854eed9c970eeb4a08a56ae1b57913b07c1687a7c073806820431ada9fbc6b283e9abf1545e7d061c483ef21bfbd2ac7686d150fe557fe69959e80a7fe90e8ae4df99c9b114392305ef9692b5d5efe4fff3200a1a31c3fed2e11a5627c166f096a488f8c0ede5efaf674b686b70751dddefda1d1de9aaec80d6c3d31fd680981374ef9a82b87cb66faaebacbcdcbd3fa07a92eea8b3dba9bd041ecdaff1d29836a879209b05ffd6eb31999949b621707e495f2fc95f91f806325c53ed1a2d13a7e3e0a2e80587f81fa8dc377a211cc3545be8981b971cce5b8fb45c7f80a05bae37bc36d92d53f247720aaa674aa0732a3f71871905797b516c1fce6af5c275835c160e6b0f4b422930e612fdddde9d9626c399490ca4df84f809c39360b4cf240fd63dc2b62200d757af9781ffcaa410e92bb779b9901eb9c171233f93265f17eb1e197212723d60f3eb7fae8d171c002fa825403445012a3174f39944d1e50392fce56e3b9bb2f6e7c9a611bd57fea1dcb54906779717b7378b1c20b415494351cad8d12d329b75efbae234c276a23df6911135694b81d26f94693f6d56f3964909f25496312c7c933f18af90048ac52a50c7ad34f115ca431129626fb0de02b57b8fbd40a91c314a6cdf30534f11c11754811abbb6590b93124b586752f1688bb5c083db6163b64468f1210f486f4cf583b2876ea04d4f59799613672dfb041b23a66a1cd7a9db78b5f413e502624c0cfc500595ad8ff9fa4cab03d856f43d3e275d967029f4b3eeceb76785730b5f78b656ed36710ad4e4b4f2f2f931f0f209f6ff83840be1aad20bb1df7581f09735ba1dae2dc542d1e20e1ecc5909feaacdb9bd71bc5579c8e2d829ef0ed27e115b2469db027806ce3ee86bba3f1230c8ab26e5a87e01e73550d520b926ee078aae40217e6978cfea94888707e0859b2f46b33396cd3f39b17a53343806f49d4e0565f87a92de607cb3e5f78220a3a261d1a11c45ebbf764dde2f8f1f08fd195ad6ec978e03a90d61a4ee2a668e1dddeb8f803efe082f1bb34532978d1c8e26db27e75e55d6e0604fefc4cf1c17047786ffc9adeb2dea98e3db93976192318c36a41a3c3465b67ddfcc3a7f7f109d53bd0bb45793aba2a6bee97935f22e9c35a1a8722e6526752ef98b1d2efda54c1164121f27d90b46fbf76468bd4b188c868981df94a683a3f91a8eccc52926c2cb899f2cf6f9199e3430d495f381e90a0618d6727f483073aee1806a8740bef3db5c51947cdb637913002b13ca5c238467bf0cef78c13b1043159496681818fdd694e2566e9ba535b31e47d59fae1c316637f9f2761ba8a2240e44e6ee71d22cbaca1cb8d8d8746f60f91923728eb634ff478c07147152b9bd38fa6fcf284e499712a203d04d5ebbc73ef89851d96b3d2f7d5c557efe5138505e6cfda3c135e8c49eb90f2bbe79fbcc70299b38e8268abc16076a335e5b9e99ddc87168f4d513699aaddb2ecfc2a1ec0572d798dbc0ffeed7f876af5c46f4cbcd142e649587f');
INSERT INTO public.outbox VALUES (2, 'invitation', '"Alias Mail" <no-reply@alias.localhost>', 'invitee@example.test', NULL, NULL, NULL, '{}', 'queued', 1, 'connect ECONNREFUSED 127.0.0.1:9', '2026-11-24 12:34:59.308991+00', NULL, '\x489d345e0b2ea7799f5e8a4d25566a2fd1905160b00be150319c4e0ae8a53703068bb9d2f17098d368092b3bfc068e4926fc25eebda9e57d01b9c0a141', '\x4b0807011c86fa93d159bc50be359508eee2fad31f396f2bd0e6f3b90f099d966a560e0bba0f3a6e2a06a696f8120ffd89e425a2ce5c06df6a90427cf7d9ebffe67a0111de21fec96b12626a1a9fc4c85f16a2d0f1f3df5b9af9177872b59367322833f6bc314da079e687edb87996a2be168a967587b18f9b1a703ff1df202b7f97700b5c8a686665d2457de1745a6c25f5c1a68e149cb85056d8b5be1327d98375a746f843226b737eca30449cf63cdf68cd87fb1b13441f002f11e19faf7722ea728ae0410c224b3282b7fd591987518b96278a0ce79629a43b0b3cbc1a205c6fcef7e64397bf2fb28ce279ee2074ec7fdb5b453dd519f25fe08f462710b1a717be632370aad03e4fab53b768752c5ad9471a8aca14ce472db0bc3151c05319ce6354db2523a467c9a868663fd8f6d53f297a705ce0905e56e43118a48b4ce7b352009687fd57e45f8c755458b285cdebd950b3aad992afdb30b3131394dc3b46fe52a010a0e6b2d9db4437ae5fd5e8001abc8e0dcba6a5c46247c16df72c00658331ac109727f32fdefe4209842ac498fcb18d74e9f349c0a645d4012ad511267ca1b13725af73b8878cf4bde9347f750aa1f92244987b3a508d6c95c7033d76a7957e802bef229668b78c715a3d95f0ade043fd27d3fb968d8f4179668c71567b3d123a13108a2a078a363e2dd7cf347348435db5b79d3b9b0b497c50966e1d27763aeb1f1132e569d6ee7e566180fd15d7df58f43c3c64416b1d8013a83e74d74d067023c6f516860fc5070b13967c791882fbe377321f6d468eff207d2a91344f419b4be2608c9e199dcc3110b003e111fd0640e2064e01757ec7e50557a460d4fa18ec89479d3ee948921f57bdab08b7d48ab9f0af50556a6557288a74d6494a157311a3fffecc5dcecf8e70f649d0b2e4594f77ad785e2675b1747de3fa40f1788920a5aa4b3dcc0829603e06ce4d4e684c049c526e906a0010a9ad19c625f9a498580116db9fa24d61f65cb9ce2e9027e44b4ee7d7fe29036aabdf7d9db8e11af2bf3dba9c7586669663e8076bf329ccdb19bc55b47cf7a19660a0962583c78beab9fd3e4960b2e62940a8475799cd169ef857b456c25274988d3a3d8896029a8933c4e63f5f28135042e2fcafe0f3096976a8ff5fd2c5db2586f5fdb7acd4c89a84f3100bf0670697e718dd86f09df880eddc62df2a6c0a70fa6309896fe3d10df1258164b556f88a3ee64513ceae0f52ea209072e3be43911ba00cdc58876727012e9f7a74b7a0f3cbc1ea82dc7a961b01e656aac74d27ba99b7c4ff39e322dcd3074488632c111332e22177b968ad6b04b07675ae5d7f0b366214fa54f45406d8ed56390ca394df5c2833704f38dd17355f1ec781ee2089ee73260ec0baa486d95aec9f6724ea3c8da4f84223f3a6f3371d3810bf9d25c2edc64ba3bc5ee1b1a87b7cf2d51bd356b87405b4fa2f1b8814eb85d9417892da84c5520a00c17b1e1bfbdedf130435ecff29589b58d124af4438af2a1f06fc2de92c8542c04ef3f0f6eafe82e275b8f48865607882f23d6a12bb965c9ac17e5670bd08d913984c09d678d85b5052d64bdee58cb3419adf2e8e33641b7f3ad1e19301de2e0b858c1171463b854e51ebabfb5e8ab0a822e7816695cd54af101a21aca2ab1d78d541282f8f90b2c785b6c9ac5c1cd8dcf282f4b13c710fa1d06b8de92cf906ad68dcd9bb7923c429d1c1c6f0a91960644e92cdaa7e7797018087c1bfbfaee2d04f44468cec3ba9d5dd5131c1245bd040832d3067c280ef09acdc03187b5133060b5ae57a0be9646d62e1b79b89b850ea7dab0727b0b02b4697f6bee9c64a8fa75da6ceb93b12f3668bb5c4ff81b6554fdb9bd4e073daf50cb940db3e73d3952f734e1b0eeb34ecd29cd76d7aa222a7695cc7e555574427fe8edcaf56249fef39a9a04d373153cf0e4b38914907ae6feac08dfe81443ff1decb31200a6f35334d27c75fb9879f5395076350ab221852d003e33e624505622dd317cd8ef68890ec49fcc4c7461a6e2b8024c4b271967f0bcccf381249efd8cfdc547cd1ee598414793da20964ec7019bdba4f51c57473a2a6f8d80a81741e9734ce7bf2683b2d90f87e29209892fa39dc11cafef4076c18d07d2a1404e41f8c0c94b24e3d3266b4e56ca53fa0be74b332dc4bf4e95393fc1feb7ade6e7da2760b4fd55da743d2b878327f8f8d7846520f0dc22c80f2964c47ae301e711c80ac5bf011111bc1f5052a0c297be52cce0de47171d392e8dd96955d99f8b366fe7694c8027059a20ed823ead89c434727aed82ca2080953f248e6094ce37a22245e652df1e1bc9754a8b3c14c67130502bb29f31891df373da6ae5ff927cdbee66b48cb18ca2a3f418d7f43db4383b68cbffcf0f04d7d2a535d8feb');


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
-- Data for Name: passkey_challenges; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: passkeys; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: push_keys; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: push_subscriptions; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: recovery_codes; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: reset_requests; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.reset_requests VALUES (1, 2, '6e06cea5b291bb977bedf275c42795686ad018de696156d1653d4f4f05f0bf6b', '2026-11-24 13:34:59.303+00', NULL, '2026-11-24 12:34:59.30331+00');


--
-- Data for Name: sessions; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.sessions VALUES (1, 'e1bfdbe8cd9cc119586f2ab2e8843170c1fea9958fb0e8226d601c4a35cfba75', 2, '2026-11-24 12:34:58.729823+00', '2026-11-24 12:49:58.729+00', '127.0.0.1', 'node');
INSERT INTO public.sessions VALUES (2, 'b8ad2ff46ec58c85a32e7283b06bc806f716cb7973a077a624b7f6db3927c4ab', 1, '2026-11-24 12:34:58.754295+00', '2026-11-24 12:49:58.753+00', '127.0.0.1', 'node');


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

INSERT INTO public.sources VALUES (1, 'github', 'GitHub', NULL, NULL, '#24292f', 'https://github.com', NULL, true, NULL, '2026-11-24 12:34:58.491375+00');
INSERT INTO public.sources VALUES (2, 'amazon', 'Amazon', NULL, NULL, '#ff9900', 'https://amazon.com', NULL, true, NULL, '2026-11-24 12:34:58.493325+00');
INSERT INTO public.sources VALUES (3, 'paypal', 'PayPal', NULL, NULL, '#003087', 'https://paypal.com', NULL, true, NULL, '2026-11-24 12:34:58.494547+00');
INSERT INTO public.sources VALUES (4, 'netflix', 'Netflix', NULL, NULL, '#e50914', 'https://netflix.com', NULL, true, NULL, '2026-11-24 12:34:58.495571+00');
INSERT INTO public.sources VALUES (5, 'stripe', 'Stripe', NULL, NULL, '#635bff', 'https://stripe.com', NULL, true, NULL, '2026-11-24 12:34:58.496616+00');


--
-- Data for Name: stripe_events; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: subscriptions; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.subscriptions VALUES (1, 2, NULL, NULL, 'active', '2026-11-24 12:34:58.49011+00');
INSERT INTO public.subscriptions VALUES (2, 1, NULL, NULL, 'active', '2026-11-24 12:34:58.700884+00');


--
-- Name: __drizzle_migrations_id_seq; Type: SEQUENCE SET; Schema: drizzle; Owner: -
--

SELECT pg_catalog.setval('drizzle.__drizzle_migrations_id_seq', 14, true);


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
-- Name: api_tokens_id_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.api_tokens_id_seq', 1, false);


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

SELECT pg_catalog.setval('public.keys_id_seq', 12, true);


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
-- Name: passkeys_id_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.passkeys_id_seq', 1, false);


--
-- Name: push_subscriptions_id_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.push_subscriptions_id_seq', 1, false);


--
-- Name: recovery_codes_id_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.recovery_codes_id_seq', 1, false);


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
-- Name: account_totp account_totp_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.account_totp
    ADD CONSTRAINT account_totp_pkey PRIMARY KEY (account_id);


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
-- Name: api_tokens api_tokens_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.api_tokens
    ADD CONSTRAINT api_tokens_pkey PRIMARY KEY (id);


--
-- Name: api_tokens api_tokens_token_hash_unique; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.api_tokens
    ADD CONSTRAINT api_tokens_token_hash_unique UNIQUE (token_hash);


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
-- Name: message_terms message_terms_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.message_terms
    ADD CONSTRAINT message_terms_pkey PRIMARY KEY (message_id);


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
-- Name: notify_pending notify_pending_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.notify_pending
    ADD CONSTRAINT notify_pending_pkey PRIMARY KEY (message_id);


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
-- Name: passkey_challenges passkey_challenges_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.passkey_challenges
    ADD CONSTRAINT passkey_challenges_pkey PRIMARY KEY (challenge);


--
-- Name: passkeys passkeys_credential_id_unique; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.passkeys
    ADD CONSTRAINT passkeys_credential_id_unique UNIQUE (credential_id);


--
-- Name: passkeys passkeys_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.passkeys
    ADD CONSTRAINT passkeys_pkey PRIMARY KEY (id);


--
-- Name: push_keys push_keys_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.push_keys
    ADD CONSTRAINT push_keys_pkey PRIMARY KEY (id);


--
-- Name: push_subscriptions push_subscriptions_endpoint_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.push_subscriptions
    ADD CONSTRAINT push_subscriptions_endpoint_key UNIQUE (endpoint_hash);


--
-- Name: push_subscriptions push_subscriptions_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.push_subscriptions
    ADD CONSTRAINT push_subscriptions_pkey PRIMARY KEY (id);


--
-- Name: recovery_codes recovery_codes_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.recovery_codes
    ADD CONSTRAINT recovery_codes_pkey PRIMARY KEY (id);


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
-- Name: aliases_expires_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX aliases_expires_idx ON public.aliases USING btree (expires_at) WHERE ((expires_at IS NOT NULL) AND (expiry_notice_at IS NULL));


--
-- Name: api_tokens_account_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX api_tokens_account_idx ON public.api_tokens USING btree (account_id);


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
-- Name: message_terms_terms_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX message_terms_terms_idx ON public.message_terms USING gin (terms) WITH (fastupdate='on', gin_pending_list_limit='256');


--
-- Name: messages_alias_list_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX messages_alias_list_idx ON public.messages USING btree (alias_id, id DESC NULLS LAST) WHERE (trashed_at IS NULL);


--
-- Name: messages_alias_raw_sha256_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX messages_alias_raw_sha256_idx ON public.messages USING btree (alias_id, raw_sha256) WHERE (raw_sha256 IS NOT NULL);


--
-- Name: messages_created_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX messages_created_idx ON public.messages USING btree (created_at);


--
-- Name: messages_search_pending_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX messages_search_pending_idx ON public.messages USING btree (id) WHERE (search_indexed = false);


--
-- Name: outbox_queued_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX outbox_queued_idx ON public.outbox USING btree (created_at) WHERE (state = 'queued'::text);


--
-- Name: passkeys_account_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX passkeys_account_idx ON public.passkeys USING btree (account_id);


--
-- Name: push_subscriptions_account_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX push_subscriptions_account_idx ON public.push_subscriptions USING btree (account_id);


--
-- Name: recovery_codes_account_code_key; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX recovery_codes_account_code_key ON public.recovery_codes USING btree (account_id, code_hash);


--
-- Name: sessions_account_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX sessions_account_idx ON public.sessions USING btree (account_id);


--
-- Name: account_totp account_totp_account_id_accounts_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.account_totp
    ADD CONSTRAINT account_totp_account_id_accounts_id_fk FOREIGN KEY (account_id) REFERENCES public.accounts(id) ON DELETE CASCADE;


--
-- Name: accounts accounts_key_id_keys_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.accounts
    ADD CONSTRAINT accounts_key_id_keys_id_fk FOREIGN KEY (key_id) REFERENCES public.keys(id);


--
-- Name: accounts accounts_search_key_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.accounts
    ADD CONSTRAINT accounts_search_key_id_fkey FOREIGN KEY (search_key_id) REFERENCES public.keys(id);


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
-- Name: api_tokens api_tokens_account_id_accounts_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.api_tokens
    ADD CONSTRAINT api_tokens_account_id_accounts_id_fk FOREIGN KEY (account_id) REFERENCES public.accounts(id) ON DELETE CASCADE;


--
-- Name: attachments attachments_message_id_messages_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.attachments
    ADD CONSTRAINT attachments_message_id_messages_id_fk FOREIGN KEY (message_id) REFERENCES public.messages(id) ON DELETE CASCADE;


--
-- Name: domains domains_dkim_key_id_keys_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.domains
    ADD CONSTRAINT domains_dkim_key_id_keys_id_fk FOREIGN KEY (dkim_key_id) REFERENCES public.keys(id) ON DELETE SET NULL;


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
-- Name: message_terms message_terms_account_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.message_terms
    ADD CONSTRAINT message_terms_account_id_fkey FOREIGN KEY (account_id) REFERENCES public.accounts(id) ON DELETE CASCADE;


--
-- Name: message_terms message_terms_message_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.message_terms
    ADD CONSTRAINT message_terms_message_id_fkey FOREIGN KEY (message_id) REFERENCES public.messages(id) ON DELETE CASCADE;


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
-- Name: notify_pending notify_pending_message_id_messages_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.notify_pending
    ADD CONSTRAINT notify_pending_message_id_messages_id_fk FOREIGN KEY (message_id) REFERENCES public.messages(id) ON DELETE CASCADE;


--
-- Name: passkey_challenges passkey_challenges_account_id_accounts_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.passkey_challenges
    ADD CONSTRAINT passkey_challenges_account_id_accounts_id_fk FOREIGN KEY (account_id) REFERENCES public.accounts(id) ON DELETE CASCADE;


--
-- Name: passkeys passkeys_account_id_accounts_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.passkeys
    ADD CONSTRAINT passkeys_account_id_accounts_id_fk FOREIGN KEY (account_id) REFERENCES public.accounts(id) ON DELETE CASCADE;


--
-- Name: push_keys push_keys_key_id_keys_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.push_keys
    ADD CONSTRAINT push_keys_key_id_keys_id_fk FOREIGN KEY (key_id) REFERENCES public.keys(id);


--
-- Name: push_subscriptions push_subscriptions_account_id_accounts_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.push_subscriptions
    ADD CONSTRAINT push_subscriptions_account_id_accounts_id_fk FOREIGN KEY (account_id) REFERENCES public.accounts(id) ON DELETE CASCADE;


--
-- Name: recovery_codes recovery_codes_account_id_accounts_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.recovery_codes
    ADD CONSTRAINT recovery_codes_account_id_accounts_id_fk FOREIGN KEY (account_id) REFERENCES public.accounts(id) ON DELETE CASCADE;


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


