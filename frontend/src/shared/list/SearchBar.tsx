import { Flex, Input } from 'antd';
import { useState, type ReactNode } from 'react';

interface Props {
  /** The search text of the URL. */
  value: string;
  placeholder: string;
  onSearch: (text: string) => void;
  /** Filters and sort controls beside the text. */
  children?: ReactNode;
}

/**
 * The search row of a list: free text (searched on Enter or the button, cleared with ×) and
 * the screen's filters, wrapping onto several lines on a phone.
 */
export function SearchBar({ value, placeholder, onSearch, children }: Props) {
  // What the user is typing; the URL's text wins whenever it changes (back button, menu).
  const [text, setText] = useState(value);
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    setText(value);
  }
  return (
    <Flex wrap gap="small" style={{ marginBottom: 16 }} role="search">
      <Input.Search
        aria-label="検索"
        placeholder={placeholder}
        value={text}
        allowClear
        enterButton
        onChange={(event) => {
          setText(event.target.value);
        }}
        onSearch={(next) => {
          onSearch(next);
        }}
        style={{ flex: '1 1 240px', maxWidth: 420 }}
      />
      {children}
    </Flex>
  );
}
