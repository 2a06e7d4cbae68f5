import { Result, type ResultProps } from 'antd';

/**
 * antd's Result as what a page is about (a payment's outcome, an email verified, an account
 * activated): its title is the page's h1, drawn as antd's title. antd writes it in a div, which left
 * those pages without a heading for screen readers to land on.
 */
export default function PageResult({ title, ...rest }: ResultProps) {
  return <Result {...rest} title={title ? <h1 className="result-title">{title}</h1> : undefined} />;
}
