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
    snippet_sealed bytea
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
INSERT INTO drizzle.__drizzle_migrations VALUES (3, 'a6192c0a3d3ab38b690fb22199d03f4d73d53ee749c6362f39217424a1c47293', 1795400000000);
INSERT INTO drizzle.__drizzle_migrations VALUES (4, '6d476f243a4b651842f38ecc2eeee9a9b8ae924156e48cd6aa8bca13ac7f5845', 1795400001000);
INSERT INTO drizzle.__drizzle_migrations VALUES (5, '1535d270b08c9e588044687c99d434d923d113aefc4ee90ce85203493af353ea', 1795400002000);


--
-- Data for Name: accounts; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.accounts VALUES (2, 'fixture_member', 'Fixture Member', 'member@example.test', NULL, '$argon2id$v=19$m=19456,t=2,p=1$N3X2N1AB1NPfwEt9PY7bpw$Lgt8auPTs6e3suXatDBfbHoTNv1e1HljxCE+ppD7yj4', '2026-11-24 01:34:23.95+00', '2026-11-24 01:34:23.95+00', NULL, 2, NULL, '2026-11-24 01:34:23.953613+00', '2026-11-24 01:34:23.953613+00');
INSERT INTO public.accounts VALUES (1, 'admin', 'Admin', 'admin@alias.localhost', NULL, '$argon2id$v=19$m=19456,t=2,p=1$89RUeJ8cjNdsjoxcWTgeJA$DyunCB1WruZcfntj+NtqtJLletmE4Q+Jg7l4fK/cuIs', '2026-11-24 01:34:23.641+00', '2026-11-24 01:34:23.641+00', NULL, 5, NULL, '2026-11-24 01:34:23.693995+00', '2026-11-24 01:34:23.693995+00');


--
-- Data for Name: alias_logs; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.alias_logs VALUES (1, 1, 2, 'PUT', '/api/account/2/alias/1/notes', 200, 'notes', '2026-11-24 01:34:24.485794+00');
INSERT INTO public.alias_logs VALUES (2, 1, 2, 'SMTP', 'DATA', 250, 'delivered', '2026-11-24 01:34:24.884216+00');
INSERT INTO public.alias_logs VALUES (3, 1, 2, 'SMTP', 'DATA', 250, 'delivered', '2026-11-24 01:34:25.005314+00');
INSERT INTO public.alias_logs VALUES (4, 3, 1, 'SMTP', 'DATA', 250, 'delivered', '2026-11-24 01:34:25.14575+00');


--
-- Data for Name: alias_senders; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: aliases; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.aliases VALUES (2, 2, 1, 'wild.raven606', NULL, NULL, NULL, 7, NULL, true, false, false, NULL, 4, 0, 0, NULL, NULL, '2026-11-24 01:34:24.417362+00', NULL, '2026-11-24 01:34:24.417362+00');
INSERT INTO public.aliases VALUES (1, 2, 1, 'nimble.badger5045', NULL, NULL, NULL, 7, NULL, true, false, false, NULL, 3, 2, 2, '2026-11-24 01:34:25.002+00', NULL, '2026-11-24 01:34:24.31705+00', '2026-11-24 01:34:25.126+00', '2026-11-24 01:34:24.31705+00');
INSERT INTO public.aliases VALUES (3, 1, 1, 'cosmic.meteor1835', NULL, NULL, NULL, NULL, NULL, true, false, false, NULL, 6, 1, 1, '2026-11-24 01:34:25.132+00', NULL, '2026-11-24 01:34:24.450851+00', '2026-11-24 01:34:25.13+00', '2026-11-24 01:34:24.450851+00');


--
-- Data for Name: attachments; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.attachments VALUES (1, 2, 'invoice-1001.txt', 'text/plain', 32, NULL, '\x185907f3e423ba35b5bb8467ac6758bfb243e8a3b4721b19b0568f0187f68bd62fc4362ac007d2e026548dc3ffa170a15956de1a5a8f2ca3092b6a0f');


--
-- Data for Name: domains; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.domains VALUES (1, 'default', 'alias.localhost', NULL, NULL, '2026-11-24 01:34:23.637+00', '2026-11-24 01:34:23.638556+00', 's20261124', 'MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAm2jJUmmVFdX3eNSh2npC9yZIoC/iBhv7J33qa1zDEvMsGTHBrX7mb9fwLi5APcuMQIu380rJtO/CgtuS1EHUuWq7oIBOJdAdbusNcZR3hPIVznpIxGwFHyZZEMYwPkVCd6smWzrSJukUxePHmjxF9U2QVuvXAv5Iwt2KuOD8L4Am4I7yDkd01da6El+XVG9Ai6eTWb4/pHSju4K5awWM4/h1xU3T/A4Os8mGOOvyJ5uZqiIDBsdQUmsUyP7vE5p+uYreNK4t5q+nTqEfNH4QJP+8r/t+qJClBZN0UO3m3VWY8XJBFNrcxiPci4PoVolqwSBU9F7kRh/S3zJLxGgFawIDAQAB', 1, '\x1da8e77020e2ffb7ac9aa32e4d240ea52eefd9b120f6579d23272c9997670d91724bb0b07d5892d046f526ae536a87c89549a63947396dfd0c996c9bc1b43aab257644fb55b0efefca5bc723f2929fe3f0d4017c8ddfccd9d8408d03bd30d32f6fde419f68c0f1d2b4f2ba85502bcd581b1b6797970ccc4272e3df927a3480bc8fd42d130f7dd25c974c62d375ea36722eeb9371753290632ce3f02c4d94f42d7459cfee0e6fa8581cd415681c2247c2229350ca0255e3e1176ddd2396d01c351a157d64cb0660140f9984dc96271121d938d9a226c2d732621bb368dd258552cdd2aac027cbf3e0de2949edd3a98f42d54c5c496c003045a7c94e5c83ed7c79dc87497517a53c86827f6863d617553e536d105cdda0c8c3ef333d262430c581b0e9e739ec36fc062ae419b6088c41ca9103d5c36c9717b1345df704910a5ee226dd5fa61b3e9bf0f5b9da2ff52ecc5026febe9914ea8d226ee0b6f396cfa1d8276ca44660fd1c40aafb3d12fd1b6cf9ab82dd6191429ab350beb57b1322c263118f2c7cb7e1ead1b835016f4379a03cd1631f3009c3ed5c456bc2b0c060f1c3fee396f797eec7add2441fcf4bf49cec184f8ea81c4378c799395292ed67e52fc5fe4614c55ccb60b2f418b6875f573894d41e50f79b539bd56eb2d55080a6096169709254eb20f235c63dcff651ec627aa9c41facb46c6b1ea69d49b4f50bd35f30ecdbec7089ff2d9a2151be6b6a6720c35159df961d3475c3461409d35f2d5cdb643077c7481a35b8c59c2b9c717535ed970ce204b0c624213172aad52393101e06877979e2adc93bd32a1fa6fb4e935a8f61542d9cabbb81dab15eea0d355709b6ff51f480b7f32ba7608e0e53bc2da883806a6f17c1d3d1eba17093362bf25ba00143c6203171c4ee4fccbb842b6899e6be88e7f068e4e1ddc66dba56b89c3b7013069a114482ce6761d676267ac7dda600ffc9e392d2cf7f2757313963091a762504fe299069c881b664341318fd1357561fda91bfda2c479a56e6ac7c094e01b622bce375676b8bfb74de4c219057cef7d61b35a03858bdec25dbb3c36dbf52c2ad1206e3b022793229fda0bdbb797c3f1429ffa7af843efc87e7ed2578892997452b59432a10f9d8f7b7e40026310f2dfff450b67f0ad719525bc91afc204f360d3a4c5dce8082b0596e464ba4bf41c9293a44323ee03810e2f8007c61df2f1d17c945846f7d733a202cb3db01d0bf8d5ecac35e0d3dd50029a4697bade496f112898bd8a600d27ac313acabdb633fcb6d062393cde97a64a19d5f095a368492a839bb5b38b9df8f75c8005831e44aa60013361603a21aa72fd1c1859b9f49b3333f1f7bc7d03d7f65d6ccc4db4613856856b292f4c2454e74f3e8d256e4fb8322878b27198412252300ee62ea3013e2485d1480681414cb2adc694044b58b4360e954281d7b81cb82dada6f08495fe473ae8b93181efa9f9b7b7f2fcf74580799ab133e7c1f64eb77e69a4722443fb699b8d65cce8c28b49d2e9a08e60db6b5210c88bd11f139f5fcf34f6e014f1365937c58a341a499d2c383204972c6777f3eb867556cda7a1ba427b202e3dd08c3a22693c41f2ff0ea6d83a74f4996ea34865d6aa664ed54a7138e339bb97998f86bbfdffee2321d4db581b05673412fee7dd5c7d6bf64d9b58dfad7ca9701f882d43ee5616c14462e7f0c46380676b57fb341130667bcb6d0feaa7130ea221c66a78215c6c6a83b5f338549fbfe30be2acaaafcdb9712592a6a2ae2adfc56cd159782922e54cda5b0898898fd4b7fb6e98c5a7b5c0fe9bc2eec4126fdf08f0f6eb25be0632a30c713220c45b26ac0a15fb866c93c2825693b680324b4abd51f120ac2da50e1380275dd7b191dedd620a58a677f3a7dce85e61fcb43a6e9812bb43cecee36e2ade48dedac225b866764251933bd85421bb10230fd3840db88b9bd93e1ea4305423722678d48bd6b393e5ff4b98a12850e9cf953d3b5655525c595e399ebc51a55ead035b948844f8a234b0ed1227dfe4057afc0a66f61f01bcf35c78dac9aca346c9c4a061d2cbe0140ca4a12778835fc8b1d68f7a8df575917463373f1e304fe1d03f6f34cae1abc0e0251f4d0d618e4924580e87a958ca50162707623bc2b269e32e2291e67aa7f9f96424d4fb7c8b969375fc01e39d3972f8f4209fb97c9034140f8e7330708bc8bb93203ba930d0f817f92193f570a4eef2e0dce8e1b08f6563f4b90ceff114c7c6565db484d4cab3467a2fdc0450c3ecf948ccabf415ff86302f42b341fd2f714c3c6e6bdfb11a788c3bc21b7fad29cc22ae1fb35a270404d69717f428203314890aa565d8fcb48e5c3ed95d03560e8dfae315c7a262daa18c19646f6f4b6eea2cbc0db8cf634d57236c79f8781375f8a2009891419088edf7e0b784182ea72ef20');


--
-- Data for Name: inbound; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.inbound VALUES (1, NULL, 340, 'orders@shop.example', '["nimble.badger5045@alias.localhost"]', '[1]', '127.0.0.1', '[127.0.0.1]', 'done', 0, NULL, '2026-11-24 01:34:24.710814+00', '2026-11-24 01:34:24.884216+00', NULL, '{"arc": "none", "spf": "none", "dkim": "none", "from": "orders@shop.example", "dmarc": "none", "policy": null, "sender": "unverified"}');
INSERT INTO public.inbound VALUES (2, NULL, 1021, 'orders@shop.example', '["nimble.badger5045@alias.localhost"]', '[1]', '127.0.0.1', '[127.0.0.1]', 'done', 0, NULL, '2026-11-24 01:34:24.988027+00', '2026-11-24 01:34:25.005314+00', NULL, '{"arc": "none", "spf": "none", "dkim": "none", "from": "orders@shop.example", "dmarc": "none", "policy": null, "sender": "unverified"}');
INSERT INTO public.inbound VALUES (3, NULL, 633, 'orders@shop.example', '["cosmic.meteor1835@alias.localhost"]', '[3]', '127.0.0.1', '[127.0.0.1]', 'done', 0, NULL, '2026-11-24 01:34:25.116993+00', '2026-11-24 01:34:25.14575+00', NULL, '{"arc": "none", "spf": "none", "dkim": "none", "from": "orders@shop.example", "dmarc": "none", "policy": null, "sender": "unverified"}');
INSERT INTO public.inbound VALUES (4, '\xf39392818adc86623f3514c47ae339822878290e4879ba57efb9a6fa952f4b5d42d0c3eb91dea360a5d87f3ee9b34f329f6be134a15563e0dfa8c65d3412a9f317be813094f3ee1f8342e1eeee3100b7d4fb2f74e0629f08d400ded4d01131bb0932f35590a6d529ffc5fee01ae21a5b8abeaba3e22ad53393f09dec5e28c971378943101c49b635fc627548b1a3d1893a8bfe20a37bf1072648ae12d4802246a42ec12f725ec46569f6668c65bf733b0cad740e71191842ea5c7b08276688a1ca89b3e19af5e41ec55024a7330404f3df47e6e972ff7101a9005d5c8e32b3f50648ec8b578a9ba0decf020add1336b89cd26d9c1a30cbacbda22b30daa8492c43ff0b8b166118d3886b560dd78e29d113a655dc5887e0f87db07b31575f82544a3fae7f8c053b96d2ff86638588e828ecc862a78e26356933495210e4b953845ba34691abb56fcdcdd09196718b272f1ad4c88cd8ff4657bcc44ea49a59e90a8af0497b39fbdd8b226ca1e9', 336, 'orders@shop.example', '["wild.raven606@alias.localhost"]', '[2]', '127.0.0.1', '[127.0.0.1]', 'queued', 0, NULL, '2026-11-24 01:34:25.565209+00', NULL, '\xcf7743f52e24e83800adb58f0551b99a83127a0667427940ea89ff42836dd1d62460fe17c24111d54e6a9fba9cb24c4f8f5e8d3414231cdff3d6982c7c', '{"arc": "none", "spf": "none", "dkim": "none", "from": "orders@shop.example", "dmarc": "none", "policy": null, "sender": "unverified"}');


--
-- Data for Name: invitations; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.invitations VALUES (1, 1, 'Fixture Invitee', 'invitee@example.test', 'Come and see.', 'e47bda3fd2e24c2a779920f764fa03585b5adb38f2abefa79d75873db619c67c', '2026-12-08 01:34:25.323+00', NULL, NULL, '2026-11-24 01:34:25.324578+00');


--
-- Data for Name: keys; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.keys VALUES (1, 'aes', '\xed9465748c00928e3160da4c0b1e4d349c059f98de290511224d7508109e540e1fc758b62c41acbc4b1fc8142e74d333b45942381940d36ea176c95afa', '2026-11-24 01:34:23.783399+00');
INSERT INTO public.keys VALUES (2, 'aes', '\xa5874cd0854af9c0be57b0fc99bf41faa8c4efe02af780ac5dadf9d44621d233581c1db582ceb6fbaa7a743de980f54f3de76600e219667469e555bc37', '2026-11-24 01:34:24.31705+00');
INSERT INTO public.keys VALUES (3, 'aes', '\xa6590d3b1d02690a7a7bf26240d75c5285378eb3f5590564a564f1b17b80471776488e621d2c654cb043bb069b7eee168fa53816abe66b22d5a1c59ca1', '2026-11-24 01:34:24.31705+00');
INSERT INTO public.keys VALUES (4, 'aes', '\x1636b177ed462709deab33252c90a94cfca8dbdc1ef79b86135f5bb541601a508aae8604c713a276cce1fa055c9f8f93fdf9073e3c92c4c3b3861beb2c', '2026-11-24 01:34:24.417362+00');
INSERT INTO public.keys VALUES (5, 'aes', '\xcfde3795c99963e4a309f3715e44420b790405e0f82e70e0f31839224eede493615d22bc91a23c95bb0b52321b45b30c39a3a9855bd2a8bd22c3562cfc', '2026-11-24 01:34:24.450851+00');
INSERT INTO public.keys VALUES (6, 'triple', '\xedb277fc66e264df5d498e9256add311d4cb7af2012e38d8d8716f459c307cb75b69530756fe97900adbf059e3af1f13b94b201a260b6772401094066e7f4a57cd3ac51fbb669241c4ae753e66b6e7833a44d44ea049adf18b3a6e56a5a993216325d37cfda4992a31399d813778ed5a70c7f7d8028458ce49676c211e', '2026-11-24 01:34:24.450851+00');
INSERT INTO public.keys VALUES (7, 'aes', '\xd16b929dbf6763b80c239c4254804b83f52bb6ed56188c39f0037bed08d2e6d0a953ecdf6a2542c53e27d832274437d6d65f7a72eb62aae8be715c9051', '2026-11-24 01:34:24.481487+00');
INSERT INTO public.keys VALUES (8, 'aes', '\x5f9d173a61c1425b36ce92a69dcb02d8e982c6869e7ee563e479364bb0619ef291a12d7b3f60b5c4da9e65010f9d199ada2875e6e56b91eddc4fe42ad6', '2026-11-24 01:34:24.884216+00');
INSERT INTO public.keys VALUES (9, 'aes', '\x080b6735406bfe76b25dafbb28ed99c9a73eed87a3607264242e44338c3738578d21bd02d393e49885e2ab2776a10fe0de6a6d40e63be4329201cd3cd9', '2026-11-24 01:34:25.005314+00');
INSERT INTO public.keys VALUES (10, 'triple', '\x497e04541a41433df0dd2b27a1b9eb4b198c2c939c7209ffce6ee9c5889157e584bfaa0bd10508c36e8586e68852669510bcc0e5fc4101273ccd49fef0fbd103c209ae587edd778bca24c66ae83d800189796f2f9f9ba8f1afdf9fa845a912bc3c931160b7095c9a8baf579a5f7c5a862b302beefeead32556add9356101f93039551e07e0419c7d1b6721d8cb319aa4fc59e184de26c8b6871d011bc4820bbfd10411348e21a7e95883042625e6b084995dbccf83', '2026-11-24 01:34:25.14575+00');


--
-- Data for Name: messages; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.messages VALUES (1, 1, 1, 8, 'in', 'ok', 'Fixture Shop', 'orders@shop.example', 'nimble.badger5045@alias.localhost', '\x698bdc2ca8ffb09fd75d542b65e8a25b9c1a0346d81c1680515fda9f8682f508e4e7df3a57d7c7e2d1025a7dd81dfc023a72e6ac42a59dd5', '\xa01b29622e0e551c9a83808c8d4b5d1cd4287064fa4a5f1d28f1123ba2e0182b9089da5134ba1008955175623da23b8eed89ec892861a7e2b341977486aa456123b46fb9', NULL, '\x90bf01581e7cbf989132bfec20de0d825830fd8041d78e7bab894942e8afd828ce7cbd8153dd08468989b4b9137274a84d66364f04aedcf6a0384e35dce28261395a9a5e0982293a79552b83926e414559881c6bcbe9ecb0e89f017f5d53e877350643ded26e80832867d521b114f7ebcfdcc0f4d5abe8836c3d069f2ff50bb7cd60f3cfe804145d25787e10d6a2d0d7001cd949ce4113d6e91439e84c8f57502e3ccc2d01a091cce088dd1df4e773b9b4ea10f60c4736135c6c212b9fda8de9567743946cf9adb3f2f3d207b4edc877178da848f0fe1dc5c4c7d88fba3be5d990970ecafe9fb9915c47633c71e8b9ff9dad5397c75ad6264f80c6593e0cc0665b5b47162449986bece351af32768deaef4e2028cd4f163bdb0e6f099d6b2c74105bfffc855ad375cdaa2d5d901fb483be3ddc7cb9fa88e3f3f517d73e4c660240563f94dffc38d63bd9c3ff5edcaadd1a508c50a4d71d30d0b5eb018fb43213d4865feb16010150e5ab381b834075e6', false, 340, 0, '{"arc": "none", "spf": "none", "dkim": "none", "from": "orders@shop.example", "dmarc": "none", "policy": null, "sender": "unverified"}', '[]', '<a531ba7ae4fd0f1f@shop.example>', '2026-11-20 10:00:00+00', '2026-11-24 01:34:24.865+00', NULL, NULL, '\x8c56262f2b387edd05f12c86ee0ea3a0804d642cb1673ff5621dbdf02c8220e5d09b1581889c25053995c34e1f8f3cffc34f44a95feae457fd33e3a733c5800c8f4d07');
INSERT INTO public.messages VALUES (2, 1, 2, 9, 'in', 'ok', 'Fixture Shop', 'orders@shop.example', 'nimble.badger5045@alias.localhost', '\xfb59824610168b543c77a11720f44653a2c86a60b13ffa714563462a6d6244e5e0073a89d2a8bb0719c65aaa0cbe1fc8eb31fbfce5bb61db35d1c1', '\xda17941d660327d968aa29af09b7c9a1b72b92f043e83707a67a8debd35829f6d9a6ed03600bbc50d69a58a9e6a0bcd23ea2c753cff180cb450eff2d', '\x592515e4aaf6aa2d3e45a8ab7500326e36d7d46fa3b70d28a2509c3b2fdd1a3d554c65686b58771768ab298eb9d1128ae6cb895b47c32a418af3c0738c839d418e43fdc1bee5a236d37a', '\x7e24368e2d216d91461181bc03ea6c810965754e7f3092084c6682ed06a4b437685e849be59d78fbc4dcf0a00fc47a60db8947ee282a028416bd0fcd36b47805f5078444cef9c853bdb5a837bf00b435467d35d5e2f425a193de92c6144512058ad58f16fae3ea140da3e6cca99d34b1a5aa8be446b13f29190716d2b9b5fd10ba6c680db76a5700ec1727622bae36967d9061e9e65e9fbedbd32dbeb12e6bbf48cd5401b22134a2de8ee5b64db3161d89ec0a8eee2ff85c5d9d72687bdbad3efaedfb20a05151d53ae3ec89d0a0e324f59342a8b62b07d6b163b81fbd6b3110345a344d6ce6a37c4406433fb60aa6c33bf71bf32bd855afbc55786810512064d3cae0c1bd7dc6c1c88ffab9da642344b675838fa2473eb77a68046b5e4e4d410ffef6a1a63dafb6a136bf7245fa4d288a2078e6950a431e29dcbf2791142a07b3200cdb65d95d631576ce84f6add1c4f93dd8e7c31242ab3e7ebe801e19df5aedb5427bdfe2665e963eab8596e411409c3f7e111e6893e86afe4866a2d8d6b144270c9dac2b87034dc72864c29f4b286bb251b1dd3bc047aa88bdef76310de96df3f5182348bed7508e9b05ededa4fa818af89984aef8fd4377e1738fdd530e29eb51b99783d99f7329204755ee011d678b22d48424d9c9b1a7e1b25e3230afac21e8fc51912c75d303f0539ddd2d0da38c01bb4a5a74d2f461c371efa265d7a197a2feb80ba5353ed3fb140a92af0e679b24584bd8395b19a581bbf3ee7439335d0e447d9f24bf4d32eb533ff078f299119a8e228cb2e6ae82bd617a6b77146f3094fb00aec9e3b1aee346046294fd9d5c3e48986f38379880da15e51e8766fceaefa87eeec05a6bf7f1688b6027c873458ad60e2408de80a5d49ede738467178cba00bcb3a9abc9f08702a85216e21dce939bc6214652ba3c44ee7510da9a536d9355c551a516285fbeb2d5531a6ef9baeab40bae2ad6575ff8fab8d346dd971c7d8e06f0bfd4d59d77758cd7d45de47c081ed91f3c309970688f083cf1a7a2174a14b5ba85a171f25cb0e42c7974bc0185504a5f485865e27b0a8fbbe0742be62d507a9d14a575f5048117a6c9c039c622caf4ce5d7dfb5f4aea7962f8d750d7bfb452ccb13419b0ac9d1db6e3a2ad66831f249360db085bad334cdd175456e9d6ef0a6918014216132ecfcc61aca82a95490e21dd4a6a67249abad0c7069f0a8bd470d6ac7f9d8b088c7494a907a2e9ae8c456df9a5a2f2a2938f485f5a54bc9bdc45856a7cad3703c49d235ccd6ddb3017f7db2049c4da5d7e927cebac5c54a424fc0259f47a4ab4300606efef3cac22bc7ed96ae6fc54b78cba31489842f9b218a04dd1600f9a2067d2bb02aea25d60cc75cc22a03373d420140e580e1e56930a5098b6b91eb201f408127a38af7e7cbe912d738d58361c8ff6e6b32bb6c66dfc465ae8c7142b5b28f8507764c1f4936aa3a2824693', true, 1021, 1, '{"arc": "none", "spf": "none", "dkim": "none", "from": "orders@shop.example", "dmarc": "none", "policy": null, "sender": "unverified"}', '[]', '<253dce15aaf8a109@shop.example>', '2026-11-20 10:00:00+00', '2026-11-24 01:34:25.002+00', NULL, NULL, '\xcbe08f56ea36d8211b096689bffff1d98e6a0af8cfa2122e1e3a19093dd6ead8bf627f393b7e84a19ebeec10600c6409225e9efbf4c51ff9a42a22e2');
INSERT INTO public.messages VALUES (3, 3, 3, 10, 'in', 'ok', 'Fixture Shop', 'orders@shop.example', 'cosmic.meteor1835@alias.localhost', '\x43b3f9ac7fc1317bc215d62d750fcbe3663ba66183333b0a80a7a7dc02cb9cc828d9ad940602ec51153542635cbb12a2411f2b53e5c13706b9d298443e89a8ebb0e8a8f08f0ae356cc1ec192d7d63be76064c754139c0b1cdc030d69bb13b57c2ebfff1a3d5551876c36b087cfbdad77', '\xf13790508e297ab198657484dedb1e6149438c0299b7519bab5100702368a0b758acced38162e77192210127afdee2b4671e3727c5b5ff87893ebeae5e893b004b3d590ca18766119edb12c52205f10d7c0fcb20da28362e54b7c9ad80f2476972ca1be6fd2c7b9d90574624208280d50dbd', '\x4ce4f3ee4a57630479a88a94cd3fb5fb0d104e09c715e8c6a38195d9e5ce291cd54b2fda263cbeca93e820b7a6c6249d98cb0cb8dbec6647906d9a53375a44cb05be79fe728e472185696732c9e202829a933f94df91cb72cd7c3bd580f35d39a1abf9ecd7c165fd86440137144d162554c5680602d638d321', '\x81faf60715fc6b2b3a091d2cb112a550edacaf4ee67d4cd5f741e1c59927f3f7d85c32a43a2369809319c27f4afdfaa8c9b341f79cadc7fae2b6f4b6ff957a014cc6fd53db5e45324df02b89ef836b0a83b812b28d22a57833377ed00510243a3f21c69e4d15ca91893fc200269e0ae3fdb9abd1136f976909676ca80fdc3099d67c8633fb867d95b88f8f5eb1badb77cdcd572cb3fdc5be430e8b5172d45c320cc37280e2e65ebaf52e49849229a5d6de339a0c78a18c96cbe3aa1370483b5ae26db7a80f7d15e0867f5831ca0b3399266528010f85c96db43b7f1b0ab83a0abd94ceabfc1b4339f09ffa8777f4a229a1bf166f6f9875e20d8f34ef0db6fc4e0054b34b555b51b1d94fb3a1e9891025d8f4c71d1780c96060dd1a504992a202ef335e873e2c922fccddf221c898c715ec9dec557b01a077beb4daf73b27c0af0fa3d61d547261a4694b0a6a413be050609515189a44c07a7bdc1402942aa38c546584c079bfb667363f0c995846f561e1ec25c773933610423302889683a10314752cfd4d27db684a0dba9745065d301beb40b689cc12eab85ab98b5d19f2a0b9bad2b367334a08477db42b0cc7d734949d0c64fbb9b3fd5d1ab7d5aeedff93b619b7d8dd37a104f88992526ae2436bd61f1580e56090319326b3c9f81b4af9385174c65b69cddc31d746a97f8370abe1e52ee2487bbe234cf4967bd30a562229d4ff76f7e3a062d9b50072e1109ab1b893121c14f385d0c8f27408423d9faa9e03d313c6cbeb8013f5882c1e0b19ae65a4635ef5666f35582c37f29a1b5306820e8337507e1e3d002a7164de9a1d2a0e31c9066b16e8359fef1bd8a198158d19b84a1c8bd96acae0ac57f8b4a7cd0ecec24079e043bbcf975089d82bffcaec53d5fcd7955e25dda72159401d04efdfd530be378f223f35d797d3058fed33d6806ba79c89f0b6d506e2635b68f6a4aa08e552b6461b8d7b7b5b74911f501942053ac075537a241a094ed4d02b', true, 633, 0, '{"arc": "none", "spf": "none", "dkim": "none", "from": "orders@shop.example", "dmarc": "none", "policy": null, "sender": "unverified"}', '[]', '<9628fcf873caf154@shop.example>', '2026-11-20 10:00:00+00', '2026-11-24 01:34:25.132+00', NULL, NULL, '\xf6ac79fc25b1743bb6828644da70fd3760b29071274ccd65a3c3235ea9c3d8163daa39b838f5f27d17864f6173f9ec1715952573f871dcc4261d7a76e12eeb74d06579387585eae7a390f7ee6ee3c1b418f129ea95b11849e2efd950fd0caae7502a463f875cc6df279fa90d73cf58dbe0da');


--
-- Data for Name: notes; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.notes VALUES (1, 1, 'Notes', false, true, 7, '\x56038ee1a2e9422db974e52d90fb72a7d372f9cf930d5be536df1447f90dfb0e02d95aa1b163bdb305bf6831577a4365383b3745ad7db2a458570fd33eb9384b637f8638ae2e5b5e9f61d5996d894a47480dafafad66', '2026-11-24 01:34:24.481487+00');


--
-- Data for Name: outbox; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.outbox VALUES (1, 'reset', '"Alias Mail" <no-reply@alias.localhost>', 'member@example.test', NULL, NULL, NULL, '{}', 'queued', 1, 'connect ECONNREFUSED 127.0.0.1:9', '2026-11-24 01:34:25.322883+00', NULL, '\x05a8369818495c8a5f5dca9739212b155c417871896ed9d6bc5e162ffd9583fdde397ecee2b6cf09b4cc7c537852295f84bcacbcab213247ffd50da2a0', '\x12870418a21363a973bc8872490679251090bf2a66bdc79cc7167e4d7031174b78beb4ea3531ea2fc21a235795258dbf220f9cf4dce0b278f25b1c06aa71e390f40903ccce1ea8471685ee6dc7f75231811d57f9289a5674cd5c492583859a99287d4b1c478cff61d51acba65b4bde317fbabf0f98cddf216d31b8f2a0aa0b6827d51413662bb75ae6081dd5900d095f64c320a506b16e7657d8b5025edfc0ca379664dc509d3a51cf5fbe22f1f67f6e1de500e13c67e396cad1d70bea7390d16e5c989c148ed08263527aca85bfeeea5466a0900fbf240839b97183cfe3aa8898aa31b434368b239cdd19a65877ab16d6701de62685ae60d93a1cb029d2fc89a0e5eb78137fa20fdf9968719deef6a5b9026fd8f3a959c0d7a766d609a1df60cd701412d3309177a3fe23d5082642f50b4219c0414bab5fdead61ef53e05f5b9294df3dc28416d4479abe3fafbd853746f5463b1ec49b241de3a94fce0e5ab0f2d29e40e9246399053e05ec8e9a2e1694bd16f61b92f9033a909a98639aa791486fd3d974b950502116424f43ce7fd21dc67e624ef3d6611c2e31201865bc1888fe3095f0965ccb5cc3b1c674a02d6c54f1abd52efdeea7eeefc7efbe8fa66e3996c178cd0556cff2ead8af4152778b3299146f6853ceb1e0fb3489d336ce8d2eaa2a22b443f476f3824c427d40cb2a4becc1832f94c56cb4b604e0ad838eb65b874fe0bcf855a1818ce4fa4406ac9b7559477288dbd45cb0ed65bde6eb21014ac5f2c5bf573e608ba556ff62a252b73822f30cf152cd3781b38ab5e20d25d109d48e9138aabd9f61bf27400e52fdfb86975b2e5852b6ec3d2933b32b84e6b1a0cf1b309025dc2cd9974d17835c1fb6859fa564aa24ec7ee3c13e32f7af754df5ef695e1d9ebcefb54e072a8315379fb648a6987530227f18508a026044a301f0e4ec7205bf5109b480f291ac9e3e5b3acbdf05e40bac235d790b963dc9239bcb7adbc30e833def7143dfccdd0fa7857833a23e94177e68d9f2fd6288ac1b2b7e85e19320d81a8349ebac94ec5d7ff5f2e555112530f79fc0232dac39ec6f64847f4b72da1b2f7a258c68ef5483bf1ee81a620b91772e5cb5c55f83e84c8a02fb0d48e9fb06c525ad830cd0d45e34e6fdd281f09e63fd533319d6adf20f48cbe725bb7510ea650031becdac9e3dd8ce7f6d6e0bfdd764fa1b39381d0c8699e4642570ed19cdb4ce34f496a19bc86657ee95dab6ce7f3670b93ce676195d1b640e80f079f6322cbae7a83529f8bd9f05cb25f920f0f5b459050aaa8f71a54a931d71dbf2f5b5e04434df076ebfd4ac5afca3659afaceae5369a5a6381e49869ce0a4d934eb8e5b27b20d985f0c4cc39c6c97c93fe21e3b220c03b94675f2f612088e8b4fd128dbdcd4d5672f8c5e347573551200090962b2c1d37b557ef79ad4e0283c5a99bbe0bf512d2e8430d9bd051c5812a346a2b6c8ad08109077315fe8576179fc7429bed8c6b49c70809ac96af3d6272687cea571115a68231a70232552ef05965668c9f8d87020081ee50145a20ba72af1c73159092e82afe2e94ff89a4fb2211b2be25f6694e774438dd29b4534b289a83436a90fa7045f64132c7a50ec0703454a81dd6fece04a7c69abe86ab6751799cf0157f0de97a04e606b0a69b04b40b0f18ed3be9224d4205fb7dde97bf672856dbcb95817b8ae5a992f6ad2751aa45bb96da40215d6574d6d711655267cf37815ca9dcb8dde6c1e041892e2d01640098e2d80ea4bbc99a0e51c7ac6993c7a1a26557684cf37cb16406c5b20289783083907d0ae1223f53ccf2c324ae4008bd975fc7bd72e66a42c48756a189da3ec180d106db8464fa20e3d984a13e0744b68d8b40203aad1c47c11f1e2bdd0b285d74c2f043ba85cfe5d4b886025353ee1fe24022625843ac940bfaffc43ba021d870be6252e04fb306116afe0c969b5e3b748a5fcb278e43f74a47e7cb41a470fc43b39457416a3c6a747e6f398af00f905b69e226cbdd9f18ba406f1e8ea1dd04b379ad285d801d4a84686fb60809a7b9264996805d7ba95d17a06af2b71701faa8e4814b15bb493081be5bed3e4d8d83600e3850edd48c6c73f203ecf52e48be189843789ce15eaabde4fbca659e30671f1365d8d7ad8bdfd6256feaf48507b571d7642be303c6676a1e01fda9416a535e5a18cf3983fa6c0d5e3009c6c5f3d38909dd288a23aa8deabc49129913f003d2a90521c18a905f312b50209b2f3b389211e3421de369731e6c0589f4f386b910a37ce3e4e9bf9ebd62b55f39eebc58df776790001ccb9bd285d3aad349b973bcd453de23ca0fea87258eaeceb27e5434aceece6a353ec596b4885d8d77db6111b86d3042c91179b86df1679dfc564514637b9da3345fff78073c9046fa21eeed5e679907e324398f8775e2fefbf8f73329c9a5fc808a6aa948741bcdcbcb5056ea388c411787d12118104bfa137ed16c4566a30f9c74c620e72');
INSERT INTO public.outbox VALUES (2, 'invitation', '"Alias Mail" <no-reply@alias.localhost>', 'invitee@example.test', NULL, NULL, NULL, '{}', 'queued', 1, 'connect ECONNREFUSED 127.0.0.1:9', '2026-11-24 01:34:25.381142+00', NULL, '\xdc4d3b1376807ede98c4b1f3a0ff30104cff8d9a8c199533291368692cb932ec3fd2b0970aac17474c40183e8f2fd9696f24d2e431d83a47debad6f2b4', '\x5b5bdd97e1713506b17369eaeed8f1e9979165051637423119f2d5eac512fbbb75d6cfcb8d7195456852577d69b43ec3b71c590e8af4e2388a911a4d42fde41f6804d64a210b60fc4fd20bf2e8cc54a39580849b3a1ff5670337d61763e3acf849be058c31f0718af6305baf304bde5bd54c0f98a905c8c4caeb7bcf76d9296b9662c988f2ee42a25013d66f3a3c79744e0c7de7481475ed316f77a6942e54ceb8571f4bc93bd938a1fe93486e0a01d9c2b64f864e3fc8ff22116a645819f89c8040983ff626526696655c421e288e0a0f38bbdfc82f998677daaeb27853c8e8699c149855f3d537db122b2f5beade5dc6301b51de2dfc862b405298b38b83a717360d9ca1803c032bca04782e23848e52434f65ff52c6379b606f7d0304335d9704adc1729b578cd234f07dd86657ff569aae3aad19fad5c16219068a0649485d2e1abd949702814921c75cefab51b904e61408fe65b774e45b75d2ec64002f3b1bdd8de9131b3d527cbda3ad71b7f47cdb2e648378772b9ba3817834979bce5bf7cd366090d365dc46ab86083e2fe37ecf8ccdb64dc9f6e4b1351ef329141028d5ed91ed7062500ef8105aa5c53cf85f0ccf2201e87d23d6b8cdd4cdacca6171d12aebb908fab91bbe34788ac04d4a85b18b3da786042b523e430dc3ccbb8a28be42828e5b95512797da418ccbad2cd627936ca5bb2d7a42f75dbf23485c42f99ef228415487b82a5793a5560fdde748ef04c25b6345a0c7617e0d910d5e184b6fd5326d6bd59ca5a69cacfbf25e64515da1ba523611099b99b67480f0a199e6df9d5f9f9d421101997c75be7743145d02b22bdaa8831fc0cf0c3aca48b31d162e9ba9e14f299e7fcbe811571c2707544397187d3c8443d00ea8be31ddfdfedbad4701c6af78e033facede286863e529f51d0a1f1832d4e7e2419d5a94f1430286aff1d8bb85eb12018bf5d821b0e7d9f0a2f1658b8e858cecc59afb2680d4e0500425fd9043e8950a1d7f3749f9d4143ff35c337496c8e42920797af1e549c2f096d8a304d03c4f62738a05a9c2ea3df229d69cc9d10910e677f961b609f211d593d48ac026d2197fb35a115c9668247b31f81f5d891d3e51c627419862492968e8ff05e7f8ffdb7e561e46dc4f6476e770c218bc050394d7c0fc681b35e3aa5162aa36c2aaae9f30e8394855b647bf97550facd4e5e29731f38bc3b62d2ff6c7c58ae65bdc69e7f15f520db000cf6d18cb576ef1ee71f9e85ca2572cdd560b2bfe451796e4e8cf88049779fae06670e9c849b9d95539edb0665f20e9c0b624cc2a0f5dc9a9196d52ba78cd686795ebb2deaacf1e6c5fae13e03dcba07b1b91c73c894b1aba2f57794cb800e61c37130083d2ce416794ba3aec19f130536a49fdc54dee8457f8ff9c3e8eb003828f3bb897f654657b0e01ee057e2cd55ceb81c4fdeb2bcd903f37368d4fb8812f410097ca708c67631bbd807e4f560f75c9dcf3dac4b9456c8cbcafe36d6bf2d38001c5212b694b7feb2fc284c878f239bec2be14475bb975fbe62ea8186e0105469f5e917f3b2e21f92c097877f201bc81713a6949746c0b5e76128235de23b9a96f194e298af103b443a62fcf467c1c95236b4e349f3bac8a05f1707b16624fef167e882137c41d865a16fc2b55bbc3a666aee9175e7c1343bffc4c8c783c3ff3d11b73e90808f53eaf4b49029f92e3908641e4b551b89dadf2fdef21001f73d77b6569932ea4319758aa04b3b484659c5ba0d36a726838dd1543773f64049f48c4db51815dcb55dc329fb697fe106119665aecea0afd0a022215848729de8daf1549e38ed14928ddd6dbecab6729dcee06f5e091e75df2829b9807804f667451cfc639aa2dab8abadd4d48fc71129c0625c24d5736904bc71986368fbd187403f209541e4e186532961637d18ca6fca49299cba29d71687ce01d5fea0c795d571d30a51cc47f12881baa652f38b8bf43c1f81f9f1c8499252444eb83f62c638279efdb84fa59dd2076218394034b8a4f6b34344e66a040ee1856f4267066a083d98629d07bb237e1e2c5858167f02985c40146335871dfc1c7fbbc5467d6c54e6e9ae579cf126c9f34689cbc7e75b9a40ca09a3737c2b14686b1eadcaff51163002a68ceef4f10cea39a2b3a563a348f2e4aa0507cfcc951f0e78f7d3fa736ebe6bc50413d948bb7378bc606010280eebaf0295dfe4784c288c86d7b97d1ca8dd210bd41ee0f2970b68577dd2232d27d3e82a853fafe612b02f46639340f5e8ccf4786addbe1676861f0f1720a09356aa0aab66625f59f2fb74d4d27012740fd79b901f3046aeb40d2b83eabc0e721ba1a236a3d3d2138c88bf212007b744b9ae6d8d2c4b8d28bbc5e1a19ccd68dfa298098ae5b46e349a5d539aa1b7943494b00fc8175eb');


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

INSERT INTO public.reset_requests VALUES (1, 2, '85f7ff40177caafd07ff274042b23f3eefb47fbb946860faf05feb232486687e', '2026-11-24 02:34:25.27+00', NULL, '2026-11-24 01:34:25.271811+00');


--
-- Data for Name: sessions; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.sessions VALUES (1, '68a779b8399b196994d4f0e621cb44e55f9c87be614e09a73d244941407093aa', 2, '2026-11-24 01:34:24.182355+00', '2026-11-24 01:49:24.172+00', '127.0.0.1', 'node');
INSERT INTO public.sessions VALUES (2, '2731e1440257449ae2130dba29bfed8cf4648dc18177d43fff20b59585167d76', 1, '2026-11-24 01:34:24.280986+00', '2026-11-24 01:49:24.277+00', '127.0.0.1', 'node');


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

INSERT INTO public.sources VALUES (1, 'github', 'GitHub', NULL, NULL, '#24292f', 'https://github.com', NULL, true, NULL, '2026-11-24 01:34:23.702183+00');
INSERT INTO public.sources VALUES (2, 'amazon', 'Amazon', NULL, NULL, '#ff9900', 'https://amazon.com', NULL, true, NULL, '2026-11-24 01:34:23.708774+00');
INSERT INTO public.sources VALUES (3, 'paypal', 'PayPal', NULL, NULL, '#003087', 'https://paypal.com', NULL, true, NULL, '2026-11-24 01:34:23.71145+00');
INSERT INTO public.sources VALUES (4, 'netflix', 'Netflix', NULL, NULL, '#e50914', 'https://netflix.com', NULL, true, NULL, '2026-11-24 01:34:23.713124+00');
INSERT INTO public.sources VALUES (5, 'stripe', 'Stripe', NULL, NULL, '#635bff', 'https://stripe.com', NULL, true, NULL, '2026-11-24 01:34:23.724297+00');


--
-- Data for Name: stripe_events; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: subscriptions; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.subscriptions VALUES (1, 2, NULL, NULL, 'active', '2026-11-24 01:34:23.69849+00');
INSERT INTO public.subscriptions VALUES (2, 1, NULL, NULL, 'active', '2026-11-24 01:34:23.958125+00');


--
-- Name: __drizzle_migrations_id_seq; Type: SEQUENCE SET; Schema: drizzle; Owner: -
--

SELECT pg_catalog.setval('drizzle.__drizzle_migrations_id_seq', 5, true);


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

SELECT pg_catalog.setval('public.keys_id_seq', 10, true);


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


