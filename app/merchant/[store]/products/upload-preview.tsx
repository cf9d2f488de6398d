'use client';

import { useEffect, useId, useState } from 'react';

/** The upload's file field, with a preview of the chosen image before it is sent (a blob: URL of the page's own, nothing leaves the browser). */
export function UploadPreview({ label, hint, error }: { label: string; hint: string; error?: string }) {
  const id = useId();
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);
  const describedBy = [`${id}-hint`, error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <div className="mcc-field">
      <label htmlFor={id}>{label}</label>
      <p id={`${id}-hint`} className="mcc-hint">
        {hint}
      </p>
      <input
        id={id}
        type="file"
        name="file"
        accept="image/jpeg,image/png,image/webp,image/avif,image/gif"
        required
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        data-testid="upload-file"
        onChange={(e) => {
          const file = e.target.files?.[0];
          setPreview(file ? URL.createObjectURL(file) : null);
        }}
      />
      {error && (
        <p id={`${id}-error`} className="mcc-field-error" role="alert" data-testid="field-error">
          {error}
        </p>
      )}
      {preview && (
        <div className="mp-upload-preview">
          <img src={preview} alt="" width={160} height={160} data-testid="upload-preview" />
        </div>
      )}
    </div>
  );
}
