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
-- Name: search_terms; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.search_terms (
    account_id integer NOT NULL,
    message_id bigint NOT NULL,
    term bytea NOT NULL
);


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


--
-- Data for Name: account_totp; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: accounts; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.accounts VALUES (2, 'fixture_member', 'Fixture Member', 'member@example.test', NULL, '$argon2id$v=19$m=19456,t=2,p=1$g6QSq/bq6VA+3t3foCpXpw$9cB2W2lEWj4e8dnaCFnDcwVy2evHQ5wqQBJ2D3G2GM8', '2026-11-24 03:58:07.261+00', '2026-11-24 03:58:07.261+00', NULL, 2, NULL, '2026-11-24 03:58:07.262383+00', '2026-11-24 03:58:07.262383+00', 8);
INSERT INTO public.accounts VALUES (1, 'admin', 'Admin', 'admin@alias.localhost', NULL, '$argon2id$v=19$m=19456,t=2,p=1$dUlxZlRrWnY9GvU7PBli5A$X0u0xaeH4FSkMcWctJ+tMTzodGQwQyhyKn0/PqfTfPU', '2026-11-24 03:58:06.835+00', '2026-11-24 03:58:06.835+00', NULL, 5, NULL, '2026-11-24 03:58:06.887476+00', '2026-11-24 03:58:06.887476+00', 11);


--
-- Data for Name: alias_logs; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.alias_logs VALUES (1, 1, 2, 'PUT', '/api/account/2/alias/1/notes', 200, 'notes', '2026-11-24 03:58:07.430663+00');
INSERT INTO public.alias_logs VALUES (2, 1, 2, 'SMTP', 'DATA', 250, 'delivered', '2026-11-24 03:58:07.61384+00');
INSERT INTO public.alias_logs VALUES (3, 1, 2, 'SMTP', 'DATA', 250, 'delivered', '2026-11-24 03:58:07.734015+00');
INSERT INTO public.alias_logs VALUES (4, 3, 1, 'SMTP', 'DATA', 250, 'delivered', '2026-11-24 03:58:07.864469+00');


--
-- Data for Name: alias_senders; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: aliases; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.aliases VALUES (2, 2, 1, 'proud.yak8364', NULL, NULL, NULL, 7, NULL, true, false, false, NULL, 4, 0, 0, NULL, NULL, '2026-11-24 03:58:07.388462+00', NULL, '2026-11-24 03:58:07.388462+00', NULL, NULL, NULL, 0, NULL, NULL, 0, NULL, 'none');
INSERT INTO public.aliases VALUES (1, 2, 1, 'young.panda9216', NULL, NULL, NULL, 7, NULL, true, false, false, NULL, 3, 2, 2, '2026-11-24 03:58:07.731+00', NULL, '2026-11-24 03:58:07.347543+00', '2026-11-24 03:58:07.848+00', '2026-11-24 03:58:07.347543+00', 'shop.example', NULL, NULL, 0, NULL, NULL, 2, NULL, 'none');
INSERT INTO public.aliases VALUES (3, 1, 1, 'young.summit1475', NULL, NULL, NULL, NULL, NULL, true, false, false, NULL, 6, 1, 1, '2026-11-24 03:58:07.858+00', NULL, '2026-11-24 03:58:07.405852+00', '2026-11-24 03:58:07.848+00', '2026-11-24 03:58:07.405852+00', 'shop.example', NULL, NULL, 0, NULL, NULL, 1, NULL, 'none');


--
-- Data for Name: api_tokens; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: attachments; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.attachments VALUES (1, 2, 'invoice-1001.txt', 'text/plain', 32, NULL, '\x8984f011cdea188532dde36c41a2507c5d29394659216d4edf4c4302a4d52be830655007ff65dc11068039a790e6ff3168f388795f66229a34276f09');


--
-- Data for Name: domains; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.domains VALUES (1, 'default', 'alias.localhost', NULL, NULL, '2026-11-24 03:58:06.828+00', '2026-11-24 03:58:06.830457+00', 's20261124', 'MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAsWW1vOw86oKP4T62kyMsy8CnKaCjThmHDVJ+zQm6OY5291W/0z3hgZDU3vNH8xSad3EtNdoRyEWFyLOWMys4wNeqBQgVbOa2KGmKftM0BPZMqAGYBoABlVFtcPbkt1pfhMutWT8HX6bfdfRsV5rJj9NKf4wl0chw6yoiEvQUtsil60i1ygMJyY778wE5RQHQ75OE4/cwC86ScsBh/5xYdemFvFilcqR6l9Sj6DSR1pIcCBgT263DkR7cG03mPusi4IXw3f3JgIu+yonO9EQBrLrTREg6MQ0erSf4g/cFRaW/+MZr34AJ8EesToQZnGuYVc7/xyj21JTOI3mQdb9W3QIDAQAB', 1, '\xaf70ac42ce909fd7d11c450ab58cd0f840322f38cbd3138032d9f37eedd48b93222ba7d2f64350a11b1c531a0d2b97ff952edff375dd4d51e820df91421169c247b57577ddd88dd351acee2630223f13ebfd3d69dc69cadb1b98426929c33eca0bc85ac621074f9e5b6450051086f45c58989b448dd63aeb5089a81dbad41739896519c0423b14ede5f221217e6864b5b7cea28618c5c3d7af5d1eff9d84f62fabe711c0234f4bed35667afa23b128b02223969809bde19afc5b611367ebb4b4ccf076bdbc3252c050715fd2e3043a9c529f167ad591824b1417ddc7176584a084795be754a59faf549e04217b1c34fe880d2d3d9229af28d7beb02a52917ef68043bc275c1827910ec72a8212a209b4d2e3058f1e51adaaee20f2356356e496639fbae1dbdc01b93791745beee7819a050df935b5a03176f52030dc09258614c5385f933613253d38074851da1bbc84d084409de68e920167425c447d5fa4b69858f4846d53ac737fa338bdf7d63b78f9819586cf60ea95b858b5775c6e612340427a4965169c07c35e9ecb44526cd9b233e557424d8f483219119510f0fe58630e322e6b3879a5e1521ae0d24f5f9cd159d3af09db1b0d2c1895ca4da03d02cf80fcc216450e48f4b0231881bcdaa2eb4f265470a896b13fc44c4ba17152b1209e002c9a34fa1c304d95000cef2ef55a1d32ccda9a73b2aefcacc15a0e6bd199473fc4e9d34d0acdf08761620e31ef3a9c5ce65b754387125b6914e59054a0d89efa1c40196bbe5270ccc68ba9fa3f1a721dcdcce9ba810774d9aa860e3f6488bf1d0ea4daf5d37bdaf2476cb6d7b10a2cbee0a94076fe5580fbb7160a1402d9038c8b458a26901d6d82215b47d371f221fc8176e065df2a4de8706f5d2d0faae3a51725771b37ac02a48474355472a36c6a413b3f124180cab4cbb01f639a17588286de8a027c807da5bb6f1459b05de21006e2dacce53abe27988d9977e92e4be8c7a67b5da4fd9cd9521b1d6701dc247e2b32b715181b93b1d74fb463139e3a4d59e0078e9de17f867ad78a901641d66560a9cbc744142d86f68e5d4a730baa998862b63d0bd26d6492ae70c0a48b359e7a4a377e1bc62be16af38fcca61797550ab1186db97e5b725ba22bca2c69d7796e27672b21c0e365a7e0cc5561641e5a14af916b64397412d227706840c501011b1d780fa67c8ae245c77d482eb31fce0300cb897de28855e6c31096c6f94c352fa7032a799da0e10eca72d3e1cafc33467111f49bfe0064fcbfcbdc8f61f934798f2b4d42fc19e7ece74b7e51e8a017fb2145a7d2915b511eab7a2032a6ec1aba5e8ed2d2b787d270f307c69cf566f9f069109159de67618d847fff87a5088f83fdf5ac51578000f081becdbcc24f1a4a06c56707dcd3a2861df965ecb468fd6a4442d9955bc682a5a71c4f6886ffdf9d8ba180bf627dcfa34f64defbabd5231705d1bb5dd58ad435fe64d6b0c99f1ddadcd93726f30df2f47dbc72958e07f52ad2133137b999e645c476afa85b2d6f97bd15eaedfc04dcc4d7ff5574164227b71e0bc861a79c764c793874864999136921c132ec496fff03e298e1725367e817a0e57cd4771a0a02126702223ed23f76ab3e88b8fdbc1093a6980ba366525d3fcaf458720c86fd9bbb5494bdecfa93d1bb03b078152dee5015cafce9ae821be550b6b6454932992899da2669c34ddfb3359cf6f3652592dd80a6b6fb9d6e4418f0b519d8a9ab7ab001e54a10433445257508a5eee9a65159be328882c6a7fbc431f1453caf308701d9a08f7dc471dde11a7e31ba991814af3fb7e029605131439d4e08636aadde29df855adad75869177ad0dae4d85659290069c95776e200cd246500aa71b1c79c68723b59cff5cad0e9fc234c2b07c37dd2f15865ba9a816b88596bbd86f115d488ec8d7f8026e72d16ecd5cb9cadf2fe120bb6b18c9bb5522e57eed60a5d19ee2a4d28e9186504f0fcaf3a840553d5edef60e2583d9bbaf1ad4a87ec2ce8530cf9093b893cfef09a1be5d55fb6848bfd7c167796b5e407657794e652208f327f57960e28cce8b0dc695da7f6aae5a4c44ee24fa0c10634abc4375a34cfbd2d5cb19e19b274797b3b95cf33e543ff13e831231dead1a15bb95b1c5c13a354081666ff648eb1f2b9bd970d34903c080f06fabbdd66cd3345f5d1c06bafba696ff85180af81ef920fd5e3b6ce3984607eed4917b4e1bb4c53a1211b077145ebf3665531742f8f995381c1cc315281dec033f3481020113e006021a884e71b32366a8c6b5cbf081b23ae588555961168c6a84fe4307f24f7ab64fdbd1e678a285bea280e25db255e45317bd0c996a226d56992eefc797c31110440569373d46ab9e5d58dda22d82571db239a13cc5d04848122fbdb273bee236d58bb822c7b4740ef403efef2580d6768');


--
-- Data for Name: inbound; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.inbound VALUES (1, NULL, 338, 'orders@shop.example', '["young.panda9216@alias.localhost"]', '[1]', '127.0.0.1', '[127.0.0.1]', 'done', 0, NULL, '2026-11-24 03:58:07.5777+00', '2026-11-24 03:58:07.61384+00', NULL, '{"arc": "none", "spf": "none", "dkim": "none", "from": "orders@shop.example", "dmarc": "none", "policy": null, "sender": "unverified", "signers": []}');
INSERT INTO public.inbound VALUES (2, NULL, 1019, 'orders@shop.example', '["young.panda9216@alias.localhost"]', '[1]', '127.0.0.1', '[127.0.0.1]', 'done', 0, NULL, '2026-11-24 03:58:07.716491+00', '2026-11-24 03:58:07.734015+00', NULL, '{"arc": "none", "spf": "none", "dkim": "none", "from": "orders@shop.example", "dmarc": "none", "policy": null, "sender": "unverified", "signers": []}');
INSERT INTO public.inbound VALUES (3, NULL, 632, 'orders@shop.example', '["young.summit1475@alias.localhost"]', '[3]', '127.0.0.1', '[127.0.0.1]', 'done', 0, NULL, '2026-11-24 03:58:07.836995+00', '2026-11-24 03:58:07.864469+00', NULL, '{"arc": "none", "spf": "none", "dkim": "none", "from": "orders@shop.example", "dmarc": "none", "policy": null, "sender": "unverified", "signers": []}');
INSERT INTO public.inbound VALUES (4, '\x75117398b63a537f64e4b82c42efd8be5ed0ea38c17277996590543d3f0b7799a32f97da2c04440f034a1aac6a4fb9f14cecf11af9c53e20d33f4446914410a1799aab5fe7df63c43310173ba1db2f3fea5da8370399ede42a8b8a56762444402e1d06b140c69baaf0ea56fa5448e2b1c095debab32241a9dce3b4d946390271df6bf953e153bbf3cecc8975b61029c3182e1946deae001f4aad8ca14e6f977af465658eaf57462edc77a76df7ea2954014c18002f02a0d08dd4e9921ab7e610e3a07ba027b26fe302c36fb47f5b5774137340ccfb446ab0da10dbc0740416c3e9bbd72f5e67bfcb690dd9c59e417b00e47d09841921a337fba0c436a7761c7cc5b3269f220dcb3a205398a01732d6c3306eb2815ae93b161dbedaa0e7e0a73deb7ee56d8ebcfc532728f7676f21ddca82b230a2136884da65a76b5bae86a4e57ae84db4c240b5c7839c6d78e8605eb7cbe00f8f1fd511738d46072f34d5aec23bf21546a32819b8dd3b5f0b', 336, 'orders@shop.example', '["proud.yak8364@alias.localhost"]', '[2]', '127.0.0.1', '[127.0.0.1]', 'queued', 0, NULL, '2026-11-24 03:58:08.131625+00', NULL, '\xaf2ba690ca298cb062e82af0d56b40762fdb63bcb89f5ae7e58d42d140f34451f974102b609eb82372532dc83f089a2141471f144a3673308a19dbe8de', '{"arc": "none", "spf": "none", "dkim": "none", "from": "orders@shop.example", "dmarc": "none", "policy": null, "sender": "unverified", "signers": []}');


--
-- Data for Name: invitations; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.invitations VALUES (1, 1, 'Fixture Invitee', 'invitee@example.test', 'Come and see.', 'b877d6979da2ed30739e55bcf5ae8b08547e2fc475538b29f46522e59c7d342e', '2026-12-08 03:58:07.975+00', NULL, NULL, '2026-11-24 03:58:07.976426+00');


--
-- Data for Name: keys; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.keys VALUES (1, 'aes', '\x97abf5ba5a88c3d651c2b950dbd20370f3b0a2ac0cd9ab82bd0287c075203425a1147d39cdf388c81e6b765c0f70ca13a952b543340b619100ccfb68f3', '2026-11-24 03:58:06.983329+00');
INSERT INTO public.keys VALUES (2, 'aes', '\x857d7c3b5a81c1739dc367202f132d1a7d5cefa6e5e09d70ab980cee5aa1d20ccfb91276a90d20cfe76991a15436e943219d7fc743476e04806f6f8e11', '2026-11-24 03:58:07.347543+00');
INSERT INTO public.keys VALUES (3, 'aes', '\x2e583cf0f26a8356cb1a6d65f45ca27c4974760301b3353fc710df515ed2002fdd811679042c7176a899280954730dcb0542a4326a047957f4c977bdd0', '2026-11-24 03:58:07.347543+00');
INSERT INTO public.keys VALUES (4, 'aes', '\xd67befd43ee2cc1e6268fc1f1a9a3d78000dc167ad00b4fa641562aee3e0c8b19dcde5fba6593739213691b86ba9ffec6c400428591019db76e0b2289a', '2026-11-24 03:58:07.388462+00');
INSERT INTO public.keys VALUES (5, 'aes', '\xf6ba8f5fc0e83d8014e44d7325e174f7a9e9c8af72c818e26121aba810c3fa6a11faee63105035c9745b090c385b603fd9ed06d4dd4936f428d13b937d', '2026-11-24 03:58:07.405852+00');
INSERT INTO public.keys VALUES (6, 'triple', '\x860400c40bb144cc6038ec819326898be703240b72fe1f3d6b1d1be86fdcc78621915b39b00938fad8a67387be4e3c93896a5f385fcb027ad435154148f3e5f35fc34f77c6d92967a9063b2858774ccd8ec6352e35d2035877dddda7b38005b34a40a5c05bd313553e650a9f507227eddba4f842ba49135a6dcdba47d7', '2026-11-24 03:58:07.405852+00');
INSERT INTO public.keys VALUES (7, 'aes', '\xcaee75bcad608c32ca8585db05286f40d64de71c4dd89271995735e9627b1cbacabe22b3b1771726ecc6ca62d51b3443c56a3911dd0526739a7f10c5fe', '2026-11-24 03:58:07.424484+00');
INSERT INTO public.keys VALUES (8, 'aes', '\xc778fa06587739dfd232139645af85887d2d2947e9cd99bf3a3dd79b738a58490f62e3a7528c24bb6813c0e639177c87b4c6c63fb28cad9de50293f795', '2026-11-24 03:58:07.605579+00');
INSERT INTO public.keys VALUES (9, 'aes', '\x0e3cc36f402d7d14bf90472b75bf71a993e3b6c785eb1f667cc41666cfb6cb92a112548255b86ef9ef93f7ae663c1588cf1bae36a261f18279d9baee05', '2026-11-24 03:58:07.61384+00');
INSERT INTO public.keys VALUES (10, 'aes', '\x62385cea3384ffabbd623e6c31846ce8b8a8bb2903381f7c5e7338860ff0caa42a67b0eacfac79f9e5bdad92ec935a901d27889a66f73d3516363353c2', '2026-11-24 03:58:07.734015+00');
INSERT INTO public.keys VALUES (11, 'aes', '\x1620d2c614b32545c0d081a03ab2f12454cf69f3d09d74767241cc2826b5ecf2eaaacc528f3ae41c290820786caa79705284aab113ac852c9f675cb80f', '2026-11-24 03:58:07.86151+00');
INSERT INTO public.keys VALUES (12, 'triple', '\xfac2833abd53558e5e3ecdd5828a0a353ec0609b2ef6236cf2869524d82222c2a5edc8ee911093641e3a38f130de6a0d41c474e736e62e70fa9b8fe723fade4806e8526fdf5ae9254470cabe4d2cf7705b9ce3486055b416ef06b080c6e8323697083dbdc0bce755892e69cae3fcfeaa98db725ccd5bbc8ff355488fccf26c760babb4c7aa3688fe29007d79e17c45d0047a98dc14d4e030aa97df6467bcf19758007388987cc3d976a48357c9c475a74b35abc88e', '2026-11-24 03:58:07.864469+00');


--
-- Data for Name: messages; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.messages VALUES (1, 1, 1, 9, 'in', 'ok', 'Fixture Shop', 'orders@shop.example', 'young.panda9216@alias.localhost', '\x8c10c724aa562e8cc51c66198bd75f22eb9ce7f8033115b58c2accb4b447d09350b22c44fadea197699ed6f7f6e4719a5e5319c6d164edcb', '\x799b1eda228a4b7a9cf44c4714431e51b0499c04392c8f6146916a8c61136ee8a1b72f20acb9707cdbf3d6375038a1d1ee2948168c9a8a2e2ac5af55a6cc24abc09e64bb', NULL, '\xb0927f6c95e44725148bfabd18fc51f332c7393ff513e6fd56f3c3c2ade08420f84c9961c57b5dad5ddf673120ef3247616795c8656a4093a110aaf8fae7c03c2987215a0e9adca9d2cd41c5c25cd2beffd474d86ea1d0745199a47f408e8c4f8ae1bb63fe474b66ec9bf8599169b68ebb5354cf2cecdaaaa0c218fc6f5ec113a67bc55a9b69e9ea9e7d8c966dc518c3ec58ee71a58cdd5ce4474702c62054315be81c09d680e44d64b7429d554d19d5ed0661998466b5b5611a7a762b563800d5ddbbaa689480b7f6bc81c656b2e708ca7823abe1b75f3ed5bcb1667608464a1d5c919b86cd51fae7fbcce8f54b67452f7ca1b2386ff1a26b7119de97a15df5b4b2b3d9bd038ae8687b60116ef4a231ea1ca453e231fb255ce7ee6f26e75e03a39432102385bbf0646d1857cb40581f848ba807fe2c94e507b2b2afa5fc62eae100a529b6ad30eb58b9e8e8b1eee72d5b99cb239facdeb95f17699a0ed782f0cfbb2afe491f6ee0cf16192a44c8', false, 338, 0, '{"arc": "none", "spf": "none", "dkim": "none", "from": "orders@shop.example", "dmarc": "none", "policy": null, "sender": "unverified", "signers": []}', '[]', '<0188249e5b4f0c67@shop.example>', '2026-11-20 10:00:00+00', '2026-11-24 03:58:07.599+00', NULL, NULL, '\x6f7c210475e076846b10a3e07c27606ba593f67d4f717f37732bce4a97bba04a16a7f8dfdca32701cf5c6dc7ed75e8bbda4f58a539acdacd4345f500531338ba40f08f', true, '\x6f81f43924ad08953b01205e1a1e0a70411d91d96abd72931a09f0bef4df018a', NULL);
INSERT INTO public.messages VALUES (2, 1, 2, 10, 'in', 'ok', 'Fixture Shop', 'orders@shop.example', 'young.panda9216@alias.localhost', '\x0c6de08731ea499e0664b5e2b3cec392f6dd3e00d8fc1b9a92df26502eb98599bc34fbaa42b690fcac7d10e71762cdef64235271e561e081980307', '\x9bd0de32749881eb5b9a750235c78fe3ed62ccae01f8c451efe366c9e2a31ec15a4a0692b56db9861f05127a327cc829bdf2372325c78ca52d396427', '\x36946dfedd21392bcef01d4a0677e311f799f88cc9cc20b2458ff1391d6f5cf90d05e36b9ee4492b1ecdbfe4eeb3634912ff105a8e2b9eb54485095c2cb7bc20b27b25f4d2b018234096', '\x00c81191814c69c674046ca9dabfb82016923e5b0950435a243ac795760d0bcac93874fc28767fa692e45e36b9f644d0170c324d90f5ba2da939a6fdde58c238bb3a1285dfd6dd4f97046c2b9f92ccdd270544cd5a1a8ae832b6af8c25962b960e2fadc775b78639c7d533c0652305e7934c227e5c7265106a40b1a4c3b7a9dc336b08348aab4189861266fe08e273096c3667157e55b3825e66bb343c2f324a04151b4819643c704141f1996a8b0da2f46b736b6a164e0cf9e0c235ae5c503a40743ec43f959c444802fc72c32f8a97f01ec7bce2fb4625ec3122fcf87cd902eb3bdc4962e3be71f81826e353ac669695573e5766691bcfd2b4afc476427a0f2038e1e2f4d7602a356933efbb516ff15999994b4f21a1f8acfa86cbd4949dd848fa38c7e4983cda08e9679b427e98e4cc7ddc60c5b45178b7bd6ceda953e9400f694fd9d76fa58004f560a1d3b860e5131ddeb4e17a47d7c05fbd851868ca0d80dbc327cd509ea0eda651c79d5a8fbcf49b969659091899c93f1e54914d6fb33fcad64de82ac138527e6fcac0ceb26fbd68abc40d658a481f72a63e4304a4bf7a76107b4c0f27dd54e53620d0f54d7e3a203157a5bd6c5156e3e0c2cd275ae758489e804dd6d1dc774fef9651318de9715ffdd4fc1d627c969dfd494de67ffdea62e086c6b042bd1fa934904ad4351978bf769abe831d139b7b09a44593217b609a1769022d33dae0f657e87a4215de107816f7d3ae320bfbb8ab868819d54e0ee9fed63e289444777839dd31914d6c195ddfca8a76d32555440ee6256c39c9ece5811bc80d73e328bf5d1f6a4cce2b3b86ae81c58f29a74447baf2836052b689097480fe3d21de2cd088cedf6f7ff8551450c5cdb0a96885c3619bcde09b57b30b08772652b4ae770b9df173447e29949eea3f042452fc5ab5ec1792b3ed3b70d089cfe3a1a735a5fa450a7bef8d4bfe7edf4edcf768b6f20b7f93be222e68abe15bf7c948c74f903b215c6dc03c33ee994662bdb78d088754614e3d4e82524e42f2dd57508a74f098bb59dba51570a99ef2cb72225a678f17865485b465559074e399276dc5ad7fb338f153d84f10d4c1c479d388a492263a0bb2941fd578f6eefb92288ca144c038899a2bb51d09dafecf6eb5610ef8acc40570e514318c877a6002eba345285cde09d7187bd0a2a1902ef778e20a50220182380ca6373b9fe9674d623ef85b0ce289bd6d46b36074caca33672d99c3a0ff6f51aa229be324a0d8112e719d9832a2d2de6d3ddf7677ae91b354ca4fd31669d7d7ac89b6cd554c9a12dd9b86a633e769566d1877b5ca4aca96a76ee680395801374bccb12d88d43ed6939f28e3394e128812e6fa1835112e4e361465a61678f81737c964e125e8b20ff7ed6e356b6fbd72185c386bc2f1decb84b106c575d481d14a98b9162df35f194f2b9328a5428e94a9d172955c83644c909a8c', true, 1019, 1, '{"arc": "none", "spf": "none", "dkim": "none", "from": "orders@shop.example", "dmarc": "none", "policy": null, "sender": "unverified", "signers": []}', '[]', '<892f3bc8bdfcccbe@shop.example>', '2026-11-20 10:00:00+00', '2026-11-24 03:58:07.731+00', NULL, NULL, '\xb99649fe8a742a70c5d85b7d133e9e0d5275017dc0c0b444f422d0dad6971d44d77b5148872ace720f66e9bde6578eb07260c61fae5222f6f6a61420', true, '\x29565355f5a8006e634c34f3bf01f8f9ce2c1f365711cf9a6aecdffc43f38c9e', NULL);
INSERT INTO public.messages VALUES (3, 3, 3, 12, 'in', 'ok', 'Fixture Shop', 'orders@shop.example', 'young.summit1475@alias.localhost', '\xe147583f5da414b5aaa30f33de447ab072b648f61b5bfbd07ff1bdfc83b19334ace5955af4efddcf54c4b7c3189a18a9693981facaa0a3458c851d761fb10282109609c79f377ad50d83e0b18ffcfa558710c6488d857ab44fdc0dbc1dead236321bb25041d117f03ec1550c80ab8c0d', '\xdd4e40b43b55d5b57408bbd7e0a37e823452f59b66e15419cb793cc8dcc0cdf631124337de92ead878c8db4bebfc84ee65327832f850bcfaf3c31ae3ee84208d307b32b08bcaf998065bf59a571474712fa90597c63c3f2cb227428b3a78a5a263a275ec5831469dcdba5bdbc2a682b58e28', '\x96c1805b2b8e48ad1fb1e1ec0a4b30d9f1ef20e8511d348eb561c9a0176d8b75a93dd813ddaa79d2f67bfaa2c63c59cec4f49488b7ce8462fac0557eae79a324fab8aacdde08f9df71462a62aecbcdd5a014e45b263468470b9cdc071803ff20371559860f8293725ea8e8f728f47ae19a4dbd2f7b8eb127eb', '\x3a6c1b2a77c42aeeca72df076c4f9c6661be6177465632f59ba18d4c76bbc00abb66478d04c79686bdca0f1944f878e48c674d6ad6d7209a93c2f7385564861e19782a40c04d0f82d23792c7a7314de3079c8310c1857b16be2c3983bab51f6c72962c3e6a4d4cc333335a524210b02f6289bac4036914c92da75523a620f575e9f768ebf4385d3c456171f399e3a6aa60c37b85eb26034c141162c54c11e92a63706de04a38411c562d7685f36f142ada8410a1944cebe16f923d55cd2f747d1dcad4a22237c0ac6f646c1bbfcc821594e38859fac982b0f40a4223080e591ba560d88e01aca18373585d55510941ff6531eadbe131db81e17e3756b3e53985e4dbf9bea2aeab2ad4d349c0ca88151cbdffc8537eeb0dc7c0500ff87c6a8dd349317778c0a32d19afbcd5a8e6e14cc1d9342685441411effc9e1b49f7ced521ba82edd86ee65cec2815f6c5dd850a758d3b6e23c417df5d3b042b3d3f51224d719ed87136ff352f48781b93e46aa8554bdf9b85b303314b213d4c6415db1a76164faa06f12fa78d137683eeaf8f5f1bf93999513a592eabd7dd3b4edb99d96c3186930950d44c1ff771c23175b7d4699ee630d3b6792b5d4b066d36c2f0402201adbbbf37ddf99435d7edac8fbb9f98889996d64af8162ba04bec1eeb0af5f3599f80fc8857637c61f70115b7400c7d01ad6f99ec1f4a9d5562d1578de026ec3613445ddb5e1af6faffd273b4efbd35c536e3dd26c97cd47abd166cdfd2e909ba6e10e8da3a568e78ea68ab10d8da605bb40754e7823cf05568b3fcc8f5f3a85ef0e0de31678a3fcd62e40949b64c45bcc8d926916581b533b539be1e7d7f65e78d7acb684ea42274b54e79baf1698c6c52086e6442f0021718b68720844d54ccc010659f93145749f0cf45702be99ba8639a4d171cc84ab325b239d2b0c67d047d65fdf64d0f57c668eeaa802c63362a781de2c5446b7edca4d43d93b6a40067b735eacd25ed9bd5923e0e', true, 632, 0, '{"arc": "none", "spf": "none", "dkim": "none", "from": "orders@shop.example", "dmarc": "none", "policy": null, "sender": "unverified", "signers": []}', '[]', '<ae9da33f83a69d5b@shop.example>', '2026-11-20 10:00:00+00', '2026-11-24 03:58:07.858+00', NULL, NULL, '\x6828ecf9c73bf3edcd412b81619d869d60dc470f433faa812895c4cac0ab9da0ab70a76e93c6e45cc6ed25069fe6b40f18571e46b62ba225a5ac0474bb9b6a4661950536ccfcee13478c2e8ad8f3f9fb717f992002646699e82f3182adb4faf1fa95c0196e8f6a33d37963f4fbadb82ec284', true, '\xe7719ecf152dd2166b7c5d74b92b6575669718bdcd04ba9439cbc3730e4d62f3', NULL);


--
-- Data for Name: notes; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.notes VALUES (1, 1, 'Notes', false, true, 7, '\x0e4b3fa6a7c47c9d4cc8cf1563df55463cf13bffe520a15bbae880252b7970f4473ba1a55ea10e615251c05ba4562365437541a21e414ed6d43cd2e5dc30fd4dd74173b45b7cf96036fd5f558e10c0a29d87c1a15d09', '2026-11-24 03:58:07.424484+00');


--
-- Data for Name: notify_pending; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: outbox; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.outbox VALUES (1, 'reset', '"Alias Mail" <no-reply@alias.localhost>', 'member@example.test', NULL, NULL, NULL, '{}', 'queued', 1, 'connect ECONNREFUSED 127.0.0.1:9', '2026-11-24 03:58:07.977492+00', NULL, '\xfe11eb0fc3c7b76c7984aec1e53ffa5a7452002d4bdcbf8a27cffc9002d9f82bbd8c17a57c11fb13f326117c57c3e1ff6eb57527c281230e65fbb99ebc', '\x4d05cf0d17ce98b130e38acc86bc37bfa0e99cde1c5a0fdb8f1138ed8db67d824e64410a8f8a984d539e1846d7da45ce183e2f438df93e1e2d557f3f62bd3e3b2d771b68153a06a97fd25be15c8ba4337a6aacc3731ff8f602e7392105a0dca1caae350531203b6165fdd298e2e37d4b0dd3053aef5b08c20def6387e6198223c163d49906e588e8660649c7de73dfe521c0c00c46594cc3e687be487c05952e4265d523de170d52bb7fc1f27988ceb160dd77d183c7f6e9e582c10decfe24e595c0a9701915b4e4995a2bf9c6e98c2bc67d8c2e3287518c233ba49a062a2067f17d9899bf463283b0282fb9fc5d0d3fc487ad46d663c9ad1be1775b0f1699d04a2685b1ff2a2818cab12833edc90524879c0baa545bda160329ad312aa4df2e005c409ce6638bd726d5bba14ef6d84fa20d4f7463b4535acb5a7d08ef3c4de65405aabce1f6be41173f8c13bd8640f57fec06d8ee3aa609d6aec9ee12e77991eab3c80a13fa0eb32ebc4133f5f1b563587ed77e788c6597e956cb57cde36cfa697cb0fce63bc0cbd4316edada4a0d6586859ea1f854e3dde03d3c91aa49fb2884778ff527baabbb94cd24782f9f51f675f141c5a1dd57750ff89e9f8bb958682a764f730fe459a6622e10c263ea622ba5b6441322cbac05a070ef717424f2dd79621a2ca5419054ca79c75c34cde3e4cb594299cc87997a79f2cc0e6211e6eedfae7f469919744a75ed778dcf572de5931bde9f93f76e2242fb9ac25507ff690831f157765506701ad6dd1a8706e76c0207b32e9b935a52769d6a774347b8ee495d7240fca74ecede4a9b7f8fd29f6679427a2f787b3f864b0f58c181ba2f3a6aa4a830c5da3bf1e8a6940512ea988f8bbfcf6827dc3233a265731a7775c718e331be5f6657b3f819df412f6174bb6d3c006c96a92effa63cf0416afa910eed2a720f8e6fad7520841607087e0e61c05bc21bd2391a67255776c1b7ff65f4b8750cf57969db88875abc20425b09c3ede8f77e4c9c0100d760798152c2e3a3a021fefadd317b733190eef826f15e2932bbdb18662ef9c589973b8f92b485e6fb020c19922f629fd999d13b60c4e30fd2c14aec852d6f77f60c2c38fb78e35a8c2d76865353f438e1abf630289ed7e909fbfabbd6ab8f15b5311845fc3041ff02e3570fb5a9599d6660c162783a8a13d4e2d383555f9212d784e7cfda761926a30c23a62cb9d10068a087ed8ce8930da3dda468752598443e48a3fbc63004958972739cc623e29b549d7a2635069f735e22f1a87157a5c289aff08b49e2e9aa058ec561e2829d637a01482578223f08b2d7b5e65b210f0c22ed2792e34745f356a67a75ec92a69113c432511bc7e0698060ffbf1b23aa9e0b6d40c35128be108605853da9bcd8bb285257cf02475da2dfe2ba777d3bac7c41eb087e163458e2d5bb3dbc4f28baee64553841f6c6bacae6ccfb664dc4a21de1f5945b2205c7fcc903fb6432579293d01d5ff15dee78c77d238905da0711eb75329253ae8b2b8996d30a2b871e1fe2e12cc371958337f6fbffec23e589f9604c1d9b906918d8df134298474699ecf59bb1bc95404a5d2863e98d0a873dc8da7a6bc46300d886f77d089cb2417f81f18d55af7272a3c0d4f82f189b3e458ca355e41beef56ccf2546f88ccdfc369e3ac32ca5ef928bc6096171ddeb0ef4fe58dd365353cf0d90faf7645bdc09d77bbc88f64a731adf4f7355ee02acc2697bff39bf7f71de0a266540f00a7c3739768a684aa0a1e2bdf837d6bd2b8c35fa03fec80e6afbcdc3031ed0ee6448bc0f7989fcb702abae935781fc8c39dea3c573b3261d90d5fcf027238119baa3ca3cadfc3f962b7a65063c4c543249b2df61878572120ff02e0c8375729f993e4f750f4190f0e533f9507c7793c052926c2efbbd49999cd1c3531745a303943120775361e00a4dbf83f3a7921712b31261d9dc8ed43435d9b8c1989a7574785f131a301b08e932fc8ce1a734656e7ad640b075310d00d836935989f15c1675a51f928f0d36a3556b46b895b32b78909e3d83446387a2a08effcc7b9b86b1030002223efa8d58cfec451e8cc2d2565071fa648ab91944f9d56ff25a98e99e01127001136b3b0e71890022b4a8730bb6974b8e95571f5ec15f93f649efe8c0491b3312fe84f1f9b3384b75c96b778ef7dfd3e43967b3723686ab2cd846408236aceb1f0afa8cf1245b17505bc8a6b0483a66621b925f74d411d453dc543112651167e89d961195927a5d1606e1a3bf25a24db590d27b35ab32bc0fa47498331029401a77ea5525d8b3915320b749107c68100b18c79d572345155a2749aa382da7ddce02f326a1f7ddb23f336cf42553061e995e65da1af69863e914af29e09ffa1597f3e9189402b9f7cabf7077dc1195615e558ec27c6b12de2672b6f064d25a61088f4cd9584ef11f93525675dac6463f15fe1d135daaaa781284be395204e78354688353185e2213da3644');
INSERT INTO public.outbox VALUES (2, 'invitation', '"Alias Mail" <no-reply@alias.localhost>', 'invitee@example.test', NULL, NULL, NULL, '{}', 'queued', 1, 'connect ECONNREFUSED 127.0.0.1:9', '2026-11-24 03:58:07.979122+00', NULL, '\x64852d645d5d594f0f400560421e8529cc5390945b2c380441b90077f4bbffbd8b87dfb0f2847c095f12fd0526be2d5001dfb81f6f65cc2d7884e8aa00', '\x6b7cea692f2c8ae13281205b7adbab2176237e319ced19240c1fd605dd1c422fca0a37444632f3f279ddddb657bc2bb00223f70baea806050d0689454ec371bef3e5f3a8b918c403b83f05f3a5f31405eb25e44db9a8fc0a805503906edada063aa83d06c20d06bc402cd053e9757e00f51da362eb6a0aab4c381e36d8b38d177261f9f25fc93823286735c7517270d3c40b730fcce734ea0739d89e537812aef20d567fa4862f06fd89a9de6246fb82b7c33796309960a27f0a1f27990a2ec0c638b3cd508b7fcaf102e162f4c681ef7da4943d5d94afcf83534ee1129f4a4bd46f2b69286c09ea5cc36b748ff42a1a504b02b86a0bb9967743641e8464d941adb7ca95c173eb4ac72e5af46dce35a3c51174c8c1024a0ffb5a39930848be1881dff9c6d9f5a7de672725c02f9c7086f79745354fdc33abb31b5d8615bb4e894ed73d4e80cc0b8bc6cb79b2b07ec11bcf7a99564fdd6c56de4565eadbeb8d9c3695e02dc6e331e283db9a55c955ad240c65d556831993b5891dfe966492f6ba0ec6d9fac5444f7f6c7676ba710a51b3267db6c3926117333ffa53973fbc6780d0339a973c610500a2731b9a952c0c506fe17f8d494541ff474955304515fdf87320695c11148386b0d696e2969fdf6f9ae0e50e1b1f4f3ffbb90b2e05e6859b839067fbcb885a591c657ded97b40c62a547d783345d994d83e7f2bf90141b23229f77a563e0b42ac7087db4a3956b8b5358e84de6b6688c0535a26fbacc58eda0f0bea4707aae7065ccab12a52f91da2b59ec60f6bbd347af018c1a11bab47ca3483072b57997c07ce5117dd241dc5631a1a069f10e1b49b50c44b34bbd551b8420e48aecea29b7227e665a5a93b2bf45263c3ee182ccbbea6a6a656e30e795ee3ead28f9d02ef688a90a21cfd3b7097f39a8c58cfe54a38d1a8b925453c50267a4d09ef570d4c4ad66d69c72c23196a594edb923092e5e6f1d6d9f8bfd0db44d8d5e9068decda73add499d860e58637fddc530f2e9fce750c570d74ce17284d3d4138c4e73e34e451a6f85baa4ae01749dd70f77acf16690a7e8b68d01a7f20a2fbb5c507c5c11ca8d0c5bbce03abcef54ed564a8e9716ead8ef7c3a2df17c0c8333fe520eca695d07d3510c6c255b24d08bc1506c55d93b54a12ac163dedeb0ec10ea2c8a119e2840cc51066a399c48e673ac45d8b90b0296212a49408fb0e82e12bbbd4f8f6f40172595242b9ed09acea6cefc952abad4df5ef92418dd1bef82965899b9ede9a55b421018785b5c0c21b990faa066e36ce476a324c9745a5555193c124eb2fa602ea7a197b1f51bba5d63e40aadbe4508f199e110cf9cdcd512a92cb5e37442a52d26cfd59fb9945e7f63ed67515a23fc29865a3a79ff6efe40722e52688846ffbcabe9e34289e83911615e8e5f09cc6e41745430915787727b4043d4eb966a384f439856fa728238dad9e1574e92c6d589ede986e2035a8ab82142e533900c06b3b7b7627e644d828b99fa0f0dac694f1d2c98a3b1b0358ad40047ea191dd3ff6d46eb7c95a65003eb69e62ad8677b5f6393deacb722a5f7d8df38e785c5f886982f3aeda6db202809571e88162d21c882c67514683a6f7fc8dfaa7c381a3c952c1a6eb0f7766e9c2dd96fc1d4d95bee84e3e9da302c704ab5045b88ef961b82f89cbd57a24d111fd4b673c9e6ef145cbfdc3437f536aef03d4c02f7177c4f1b10050c95e0149f539187ef64a0f70e8299a11b61ade38c3505abb9930d67a0315929f8cd37fde4b252d508627b02a90cef056b70e8a62471d04cae763297d92eab589e316f955af952af9a7ea1447864c75ed7b681415dc1c4b95f671dfd4d9b3558f0b7af7ab1b6fb8d2095477ca0171aa5c5141caf33a25d44d082b06a038e6a6bc54e5fc14378749ef8b62fef9b31259e65c9d232a2054c9c4f352bdddfcf5d3a2c9cb958e157657a4a7476c540916df65bbe63c2b0a0e04f32e9cecd37fca2dd1bddfffd9d6d7be7c9cc0d1fe31537b522ce5af97570178748318b0789b9e07f561d00c542efdfb01daa73345a240c0a034b141945dfd3c70d50aa382cc915825be453468b1fa3aa541e57788787e2dbf8bf6facbb8f52797def20170945219982e25b21192ca8456388874e4536eaff1543c3ca45f28025e779292102071ebdb7705608608a356f9a302265e91f8d8945f3285c3d2a658713a7e8f49960049b7dc1ddcc837aff0f1519e95c2fd2dda353ceb51ba0ce331da1c72a1369de6ae89f89664cb0f5abe82c5592a86e0dd2ce63e24e528389880fba349c15d48ac134300a248a0b256e5ba8fa465b38641fcadd9170d39480995268c7fcd1d16828399ecfb10c8f8ac658b22d76ba3d9f93fc2482f2b52a02a4772e50e3e9f57467f55be65a97087257293008');


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

INSERT INTO public.reset_requests VALUES (1, 2, 'e192f52d964510b0933c8d522f5c23477cde26e81913089233a4517bb51455c9', '2026-11-24 04:58:07.972+00', NULL, '2026-11-24 03:58:07.972485+00');


--
-- Data for Name: search_terms; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.search_terms VALUES (2, 1, '\xec6d1c462069071e4e6c');
INSERT INTO public.search_terms VALUES (2, 1, '\xa47bf62e21d4a2fa95b7');
INSERT INTO public.search_terms VALUES (2, 1, '\x407ae456f0f573ea80b5');
INSERT INTO public.search_terms VALUES (2, 1, '\x7856740afef5418c9297');
INSERT INTO public.search_terms VALUES (2, 1, '\x865d3f169dc90ff42842');
INSERT INTO public.search_terms VALUES (2, 1, '\x959cc5c1b525457616b9');
INSERT INTO public.search_terms VALUES (2, 1, '\x6834f8b309e11afd3fb4');
INSERT INTO public.search_terms VALUES (2, 1, '\x3fdcb243670d8ba3bece');
INSERT INTO public.search_terms VALUES (2, 1, '\x804957a03d69f2935b16');
INSERT INTO public.search_terms VALUES (2, 1, '\x4ad9d9742a37798e1c3e');
INSERT INTO public.search_terms VALUES (2, 1, '\xe0e102fe8cb5f7d80803');
INSERT INTO public.search_terms VALUES (2, 1, '\x149afc9c22b74b3d4f27');
INSERT INTO public.search_terms VALUES (2, 1, '\xf26d8e4b04ffdb0305c0');
INSERT INTO public.search_terms VALUES (2, 1, '\x6867b8f21b9ece2b5efc');
INSERT INTO public.search_terms VALUES (2, 1, '\xb6326f7aa73e445a400f');
INSERT INTO public.search_terms VALUES (2, 1, '\x218a415c833fe9dd3e7d');
INSERT INTO public.search_terms VALUES (2, 1, '\x17e6bd134f8a60e788ea');
INSERT INTO public.search_terms VALUES (2, 1, '\xce3d863f8fcb17a638a1');
INSERT INTO public.search_terms VALUES (2, 1, '\x1a616fe725b0051c7d57');
INSERT INTO public.search_terms VALUES (2, 1, '\x82a2b615e5a1c02f1bab');
INSERT INTO public.search_terms VALUES (2, 1, '\x9031b77aeff208cc9ae0');
INSERT INTO public.search_terms VALUES (2, 1, '\xfd676625844dee6f229d');
INSERT INTO public.search_terms VALUES (2, 1, '\x0e1923b9722f81738571');
INSERT INTO public.search_terms VALUES (2, 1, '\x4a1ae2df31275b429eea');
INSERT INTO public.search_terms VALUES (2, 1, '\xca21cece3f4460d66f12');
INSERT INTO public.search_terms VALUES (2, 1, '\x5df0b3ba814a2f96009b');
INSERT INTO public.search_terms VALUES (2, 1, '\x2ca3e69a24952f08f582');
INSERT INTO public.search_terms VALUES (2, 1, '\x3c0a42696f6f5f901188');
INSERT INTO public.search_terms VALUES (2, 1, '\x5c734953d84c67ef41e9');
INSERT INTO public.search_terms VALUES (2, 1, '\xdb28c35d87b821f9c730');
INSERT INTO public.search_terms VALUES (2, 1, '\xf0485caba66faf140831');
INSERT INTO public.search_terms VALUES (2, 1, '\x1c841d2c5e885237c05c');
INSERT INTO public.search_terms VALUES (2, 1, '\x3d63b45c87a5349bdaf0');
INSERT INTO public.search_terms VALUES (2, 1, '\x89398ea25aa8e6350c30');
INSERT INTO public.search_terms VALUES (2, 1, '\x02cb6d96d72909cefb5f');
INSERT INTO public.search_terms VALUES (2, 1, '\x99fda1ab4f3de1f6bcc9');
INSERT INTO public.search_terms VALUES (2, 1, '\x7fd87d0c6387bf1385f5');
INSERT INTO public.search_terms VALUES (2, 1, '\xc6c45de1f3e8c40c8846');
INSERT INTO public.search_terms VALUES (2, 1, '\xb041c74992645a073938');
INSERT INTO public.search_terms VALUES (2, 1, '\xc1c56eba57171a5a4cd7');
INSERT INTO public.search_terms VALUES (2, 1, '\xc9a547b74fffc191a5fd');
INSERT INTO public.search_terms VALUES (2, 1, '\xe62ed5c83aa81afcfbb4');
INSERT INTO public.search_terms VALUES (2, 1, '\xede053cb7873b250adb2');
INSERT INTO public.search_terms VALUES (2, 1, '\xd9c45ca46f59511e6b15');
INSERT INTO public.search_terms VALUES (2, 1, '\x8ed866520e24d15c7d9e');
INSERT INTO public.search_terms VALUES (2, 1, '\xdcbd93bb43731b65785e');
INSERT INTO public.search_terms VALUES (2, 2, '\xec6d1c462069071e4e6c');
INSERT INTO public.search_terms VALUES (2, 2, '\xa47bf62e21d4a2fa95b7');
INSERT INTO public.search_terms VALUES (2, 2, '\x407ae456f0f573ea80b5');
INSERT INTO public.search_terms VALUES (2, 2, '\x7856740afef5418c9297');
INSERT INTO public.search_terms VALUES (2, 2, '\x1eac9d6bdadf63c70b33');
INSERT INTO public.search_terms VALUES (2, 2, '\xc0011ecb16756d373217');
INSERT INTO public.search_terms VALUES (2, 2, '\x741d491a5a3b97f0b4c3');
INSERT INTO public.search_terms VALUES (2, 2, '\xe5064dfac3e598ce8b51');
INSERT INTO public.search_terms VALUES (2, 2, '\x4bffde4ba9968fa166d0');
INSERT INTO public.search_terms VALUES (2, 2, '\x44c11145b6dc9cfd57a8');
INSERT INTO public.search_terms VALUES (2, 2, '\xe0e102fe8cb5f7d80803');
INSERT INTO public.search_terms VALUES (2, 2, '\x149afc9c22b74b3d4f27');
INSERT INTO public.search_terms VALUES (2, 2, '\xf26d8e4b04ffdb0305c0');
INSERT INTO public.search_terms VALUES (2, 2, '\x6867b8f21b9ece2b5efc');
INSERT INTO public.search_terms VALUES (2, 2, '\xb6326f7aa73e445a400f');
INSERT INTO public.search_terms VALUES (2, 2, '\x218a415c833fe9dd3e7d');
INSERT INTO public.search_terms VALUES (2, 2, '\x17e6bd134f8a60e788ea');
INSERT INTO public.search_terms VALUES (2, 2, '\xce3d863f8fcb17a638a1');
INSERT INTO public.search_terms VALUES (2, 2, '\x1a616fe725b0051c7d57');
INSERT INTO public.search_terms VALUES (2, 2, '\x82a2b615e5a1c02f1bab');
INSERT INTO public.search_terms VALUES (2, 2, '\x9031b77aeff208cc9ae0');
INSERT INTO public.search_terms VALUES (2, 2, '\xfd676625844dee6f229d');
INSERT INTO public.search_terms VALUES (2, 2, '\x0e1923b9722f81738571');
INSERT INTO public.search_terms VALUES (2, 2, '\x4a1ae2df31275b429eea');
INSERT INTO public.search_terms VALUES (2, 2, '\xca21cece3f4460d66f12');
INSERT INTO public.search_terms VALUES (2, 2, '\x5df0b3ba814a2f96009b');
INSERT INTO public.search_terms VALUES (2, 2, '\xed29903e5cfac59b693b');
INSERT INTO public.search_terms VALUES (2, 2, '\x24634d40c5cca358b18d');
INSERT INTO public.search_terms VALUES (2, 2, '\x99d9d8ea41799609c76e');
INSERT INTO public.search_terms VALUES (2, 2, '\x92612dca61c2b3fefc08');
INSERT INTO public.search_terms VALUES (2, 2, '\x3bc5f7fcff84aa920b1a');
INSERT INTO public.search_terms VALUES (2, 2, '\x1e9991cefcbb85a66827');
INSERT INTO public.search_terms VALUES (2, 2, '\x44222e02ae26cb141969');
INSERT INTO public.search_terms VALUES (2, 2, '\xa109d63f694ab0eac0f1');
INSERT INTO public.search_terms VALUES (2, 2, '\xf11d8d3814fe06ca8a2e');
INSERT INTO public.search_terms VALUES (2, 2, '\xf836f629cd5eb6e5628e');
INSERT INTO public.search_terms VALUES (2, 2, '\xa22f35ff8f010761805f');
INSERT INTO public.search_terms VALUES (2, 2, '\xb3b22c735eceb446d1b8');
INSERT INTO public.search_terms VALUES (2, 2, '\x29095a07421356bba754');
INSERT INTO public.search_terms VALUES (2, 2, '\xeb1192d6f1f4207b0c49');
INSERT INTO public.search_terms VALUES (2, 2, '\xb5634729a88f29623783');
INSERT INTO public.search_terms VALUES (2, 2, '\xd8dd906a51b38463a740');
INSERT INTO public.search_terms VALUES (2, 2, '\xa385edb123ecfa60c2c9');
INSERT INTO public.search_terms VALUES (2, 2, '\x9818e11c6a03a856dba4');
INSERT INTO public.search_terms VALUES (1, 3, '\x834b97167a421af87eed');
INSERT INTO public.search_terms VALUES (1, 3, '\x4f8e9697e86298bbb56b');
INSERT INTO public.search_terms VALUES (1, 3, '\x679b6904a22d33a3a80c');
INSERT INTO public.search_terms VALUES (1, 3, '\xfcca3f54cbb453ef0641');
INSERT INTO public.search_terms VALUES (1, 3, '\x539fb9f68ceedad4716b');
INSERT INTO public.search_terms VALUES (1, 3, '\x31511348b319211de1d7');
INSERT INTO public.search_terms VALUES (1, 3, '\x404115888f6a2b51ccfc');
INSERT INTO public.search_terms VALUES (1, 3, '\x8e3b8975c3d34dc8c7c8');
INSERT INTO public.search_terms VALUES (1, 3, '\xfa882c6b9c314e512fb9');
INSERT INTO public.search_terms VALUES (1, 3, '\x57e1b195292d01a5ee56');
INSERT INTO public.search_terms VALUES (1, 3, '\xbc6355cdd60e8fe2b30b');
INSERT INTO public.search_terms VALUES (1, 3, '\x28b749964bf7d3338c39');
INSERT INTO public.search_terms VALUES (1, 3, '\xb05ffde82b9f010f4fc2');
INSERT INTO public.search_terms VALUES (1, 3, '\x3689f7d623ba35fb7129');
INSERT INTO public.search_terms VALUES (1, 3, '\x24b834e9c5d836de26b3');
INSERT INTO public.search_terms VALUES (1, 3, '\xa224d39b94cb22b65d6b');
INSERT INTO public.search_terms VALUES (1, 3, '\x5e1d933cbfeb43462322');
INSERT INTO public.search_terms VALUES (1, 3, '\x7d4e21d351fbf80597e8');
INSERT INTO public.search_terms VALUES (1, 3, '\x5934b871c0d2460ab83f');
INSERT INTO public.search_terms VALUES (1, 3, '\xc60ffcb38f92f64645e8');
INSERT INTO public.search_terms VALUES (1, 3, '\xf7e1e900f18be2e19238');
INSERT INTO public.search_terms VALUES (1, 3, '\x71b2cbb11209c5b8a627');
INSERT INTO public.search_terms VALUES (1, 3, '\x4354b43fc5a6b382515c');
INSERT INTO public.search_terms VALUES (1, 3, '\xca291e0a5bd0c0bbfca1');
INSERT INTO public.search_terms VALUES (1, 3, '\xe713380ec90b2ad28ee6');
INSERT INTO public.search_terms VALUES (1, 3, '\x0fc8672ccaf789951c7c');
INSERT INTO public.search_terms VALUES (1, 3, '\x74a59cfbd6ce711b54f8');
INSERT INTO public.search_terms VALUES (1, 3, '\x724cd293e7841ce796b5');
INSERT INTO public.search_terms VALUES (1, 3, '\x2bb6ac320f38b2a99e53');
INSERT INTO public.search_terms VALUES (1, 3, '\x8f38552e4d021fbb120c');
INSERT INTO public.search_terms VALUES (1, 3, '\x77b8e5c15104155f2e5b');
INSERT INTO public.search_terms VALUES (1, 3, '\xbef6cb6d8b0f7d45e750');
INSERT INTO public.search_terms VALUES (1, 3, '\xdddfa9f6490242df4043');
INSERT INTO public.search_terms VALUES (1, 3, '\x3c2031b8bb8558d0ed7a');
INSERT INTO public.search_terms VALUES (1, 3, '\x5a0963c8f5ce49e62f48');
INSERT INTO public.search_terms VALUES (1, 3, '\xf646b481930f41e60942');
INSERT INTO public.search_terms VALUES (1, 3, '\x3647123e9d1d078e243c');
INSERT INTO public.search_terms VALUES (1, 3, '\xc3b61e68ea24fc18c8d3');
INSERT INTO public.search_terms VALUES (1, 3, '\xb088f74190382f02ed6c');
INSERT INTO public.search_terms VALUES (1, 3, '\x9c60c2678769c4edae58');
INSERT INTO public.search_terms VALUES (1, 3, '\x7168ea4a76a3ab7a2e7a');
INSERT INTO public.search_terms VALUES (1, 3, '\x064b3a10148dba13c207');
INSERT INTO public.search_terms VALUES (1, 3, '\xce5a5a05f0b8138a4075');
INSERT INTO public.search_terms VALUES (1, 3, '\x0b7cc4350404cba542fd');
INSERT INTO public.search_terms VALUES (1, 3, '\xd71db60b70a469f1bcd2');
INSERT INTO public.search_terms VALUES (1, 3, '\x71629a5385957d5b4587');
INSERT INTO public.search_terms VALUES (1, 3, '\xc55e4911a88a281c478b');
INSERT INTO public.search_terms VALUES (1, 3, '\xe1a2a8fc58880b38d9ac');
INSERT INTO public.search_terms VALUES (1, 3, '\x92d01075236aafca15eb');


--
-- Data for Name: sessions; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.sessions VALUES (1, '83b1eee53950bcb6cf61c70ec7d6fe089cd5a749b25272830e2dd7a857ccef55', 2, '2026-11-24 03:58:07.300773+00', '2026-11-24 04:13:07.3+00', '127.0.0.1', 'node');
INSERT INTO public.sessions VALUES (2, '16e2a701908da2b7adae9446784b33c360a8e6f232c88fbce5e37bdf6143b803', 1, '2026-11-24 03:58:07.333019+00', '2026-11-24 04:13:07.332+00', '127.0.0.1', 'node');


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

INSERT INTO public.sources VALUES (1, 'github', 'GitHub', NULL, NULL, '#24292f', 'https://github.com', NULL, true, NULL, '2026-11-24 03:58:06.896523+00');
INSERT INTO public.sources VALUES (2, 'amazon', 'Amazon', NULL, NULL, '#ff9900', 'https://amazon.com', NULL, true, NULL, '2026-11-24 03:58:06.901313+00');
INSERT INTO public.sources VALUES (3, 'paypal', 'PayPal', NULL, NULL, '#003087', 'https://paypal.com', NULL, true, NULL, '2026-11-24 03:58:06.90325+00');
INSERT INTO public.sources VALUES (4, 'netflix', 'Netflix', NULL, NULL, '#e50914', 'https://netflix.com', NULL, true, NULL, '2026-11-24 03:58:06.907595+00');
INSERT INTO public.sources VALUES (5, 'stripe', 'Stripe', NULL, NULL, '#635bff', 'https://stripe.com', NULL, true, NULL, '2026-11-24 03:58:06.910229+00');


--
-- Data for Name: stripe_events; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: subscriptions; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.subscriptions VALUES (1, 2, NULL, NULL, 'active', '2026-11-24 03:58:06.8901+00');
INSERT INTO public.subscriptions VALUES (2, 1, NULL, NULL, 'active', '2026-11-24 03:58:07.265422+00');


--
-- Name: __drizzle_migrations_id_seq; Type: SEQUENCE SET; Schema: drizzle; Owner: -
--

SELECT pg_catalog.setval('drizzle.__drizzle_migrations_id_seq', 13, true);


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
-- Name: search_terms search_terms_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.search_terms
    ADD CONSTRAINT search_terms_pkey PRIMARY KEY (account_id, term, message_id);


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
-- Name: search_terms_message_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX search_terms_message_idx ON public.search_terms USING btree (message_id);


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
-- Name: search_terms search_terms_account_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.search_terms
    ADD CONSTRAINT search_terms_account_id_fkey FOREIGN KEY (account_id) REFERENCES public.accounts(id) ON DELETE CASCADE;


--
-- Name: search_terms search_terms_message_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.search_terms
    ADD CONSTRAINT search_terms_message_id_fkey FOREIGN KEY (message_id) REFERENCES public.messages(id) ON DELETE CASCADE;


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


